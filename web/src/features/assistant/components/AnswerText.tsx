import { Fragment, type ReactNode } from 'react';
import type { Citation } from '@lectio/contracts/assistant';
import type { Translation } from '../../reader';
import { segmentAnswer, type AnswerSegment } from './answerSegments';
import { QuoteMark, ReferenceMark } from './CitationMarks';

/**
 * An answer as text with its checked references: every piece of the model's output is rendered as
 * a React text node (never as HTML); references become links, previews or marked errors.
 */
export function AnswerText({
  text,
  citations,
  translation,
  links = [],
}: {
  text: string;
  citations: readonly Citation[];
  translation: Translation;
  /** Words of the text that become links ('988' -> tel:988), e.g. a safety answer's helplines. */
  links?: readonly AnswerLink[];
}) {
  const { segments, unplaced } = segmentAnswer(text, citations);
  const paragraphs = toParagraphs(segments);
  return (
    <div data-answer-text className="grid gap-2.5">
      {paragraphs.map((parts, i) => (
        <p key={i} className="whitespace-pre-line">
          {parts.map((s, j) => (
            <Fragment key={j}>{render(s, translation, text, links)}</Fragment>
          ))}
        </p>
      ))}
      {unplaced.length > 0 && (
        <p className="text-xs text-muted">
          Also cited:{' '}
          {unplaced.map((c, i) => (
            <Fragment key={i}>
              {i > 0 && '; '}
              <ReferenceMark citation={c} text={c.text} translation={translation} />
            </Fragment>
          ))}
        </p>
      )}
    </div>
  );
}

export interface AnswerLink {
  display: string;
  href: string;
}

function render(s: AnswerSegment<Citation>, translation: Translation, answer: string, links: readonly AnswerLink[]): ReactNode {
  if (s.kind === 'reference') return <ReferenceMark citation={s.citation} text={s.text} translation={translation} />;
  if (s.kind === 'quote') return <QuoteMark citation={s.citation} text={s.text} translation={translation} answer={answer} />;
  return links.length ? withLinks(s.text, links) : withBold(s.text);
}

/** The text with each link's words as a link (a number as tel:, a site as https:), everything else as text. */
function withLinks(text: string, links: readonly AnswerLink[]): ReactNode {
  const pattern = new RegExp(
    `(?<![\\w-])(${[...links]
      .sort((a, b) => b.display.length - a.display.length)
      .map((l) => l.display.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})(?![\\w-])`,
  );
  return text.split(pattern).map((part, i) => {
    const link = i % 2 === 1 ? links.find((l) => l.display === part) : undefined;
    if (!link) return withBold(part);
    const external = link.href.startsWith('https:');
    return (
      <a
        key={i}
        href={link.href}
        className="font-semibold text-accent underline underline-offset-2"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {part}
      </a>
    );
  });
}

/** Blank lines separate paragraphs (references never span one). */
function toParagraphs(segments: AnswerSegment<Citation>[]): AnswerSegment<Citation>[][] {
  const out: AnswerSegment<Citation>[][] = [[]];
  for (const s of segments) {
    if (s.kind !== 'text') {
      out[out.length - 1].push(s);
      continue;
    }
    s.text.split(/\n[ \t]*\n+/).forEach((piece, i) => {
      if (i > 0) out.push([]);
      if (piece) out[out.length - 1].push({ kind: 'text', text: piece });
    });
  }
  return out.filter((p) => p.some((s) => s.kind !== 'text' || s.text.trim() !== ''));
}

/** Models write **bold**; show it as emphasis rather than asterisks (still text nodes only). */
function withBold(text: string): ReactNode {
  const parts = text.split(/\*\*([^*\n]+)\*\*/);
  if (parts.length === 1) return text;
  return parts.map((p, i) => (i % 2 === 1 ? <strong key={i}>{p}</strong> : p));
}
