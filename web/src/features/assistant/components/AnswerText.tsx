import { Fragment, type ReactNode } from 'react';
import type { Citation } from '@lectio/contracts/assistant';
import type { Translation } from '../../reader';
import type { AnswerSegment } from './answerSegments';
import { type AnswerBlock, type AnswerInline, parseAnswer } from './answerMarkdown';
import { QuoteMark, ReferenceMark } from './CitationMarks';

/**
 * An answer with its checked references: its Markdown (lists, emphasis, safe links) as React
 * elements and every piece of text as a text node (never as HTML); references become links,
 * previews or marked errors.
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
  const { blocks, unplaced } = parseAnswer(text, citations);
  const at = { translation, answer: text, links };
  return (
    <div data-answer-text className="grid gap-2.5">
      {renderBlocks(blocks, at)}
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

interface RenderContext {
  translation: Translation;
  answer: string;
  links: readonly AnswerLink[];
}

function renderBlocks(blocks: readonly AnswerBlock[], at: RenderContext): ReactNode {
  return blocks.map((b, i) => {
    switch (b.kind) {
      case 'paragraph':
        return <p key={i}>{renderInlines(b.inlines, at)}</p>;
      case 'heading':
        return (
          <p key={i} className="font-semibold">
            {renderInlines(b.inlines, at)}
          </p>
        );
      case 'quote':
        return (
          <blockquote key={i} className="grid gap-2 border-l-2 border-line pl-3">
            {renderBlocks(b.blocks, at)}
          </blockquote>
        );
      case 'list': {
        // An item of one paragraph (a tight list) is its text; longer items keep their paragraphs.
        const items = b.items.map((item, j) => (
          <li key={j} className="pl-0.5">
            {item.length === 1 && item[0]!.kind === 'paragraph'
              ? renderInlines(item[0]!.inlines, at)
              : renderBlocks(item, at)}
          </li>
        ));
        return b.ordered ? (
          <ol key={i} start={b.start} className="ml-5 grid list-decimal gap-1">
            {items}
          </ol>
        ) : (
          <ul key={i} className="ml-5 grid list-disc gap-1">
            {items}
          </ul>
        );
      }
    }
  });
}

function renderInlines(inlines: readonly AnswerInline[], at: RenderContext): ReactNode {
  return inlines.map((n, i) => {
    switch (n.kind) {
      case 'segments':
        return (
          <Fragment key={i}>
            {n.segments.map((s, j) => (
              <Fragment key={j}>{render(s, at)}</Fragment>
            ))}
          </Fragment>
        );
      case 'break':
        return <br key={i} />;
      case 'code':
        return (
          <code key={i} className="rounded bg-surface px-1 text-[0.9em]">
            {n.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{renderInlines(n.children, at)}</strong>;
      case 'em':
        return <em key={i}>{renderInlines(n.children, at)}</em>;
      case 'link': {
        const external = /^https?:/i.test(n.href);
        return (
          <a
            key={i}
            href={n.href}
            className="text-accent underline underline-offset-2"
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {renderInlines(n.children, at)}
          </a>
        );
      }
    }
  });
}

export interface AnswerLink {
  display: string;
  href: string;
}

function render(s: AnswerSegment<Citation>, { translation, answer, links }: RenderContext): ReactNode {
  if (s.kind === 'reference') return <ReferenceMark citation={s.citation} text={s.text} translation={translation} />;
  if (s.kind === 'quote')
    return <QuoteMark citation={s.citation} text={s.text} translation={translation} answer={answer} />;
  return links.length ? withLinks(s.text, links) : s.text;
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
    if (!link) return part;
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
