import MarkdownIt from 'markdown-it';
import type { Citation } from '@lectio/contracts/assistant';
import { type AnswerSegment, segmentAnswer } from './answerSegments';
import { curlQuotes } from './curlyQuotes';

/**
 * An answer's Markdown as a small tree the panel renders with React elements (never as HTML):
 * paragraphs, headings, bulleted and numbered lists, block quotes, emphasis, code and safe links.
 * markdown-it parses it (CommonMark, well kept) with raw HTML off and only these rules on, so
 * anything else (tables, images, HTML, entities) stays the text it was. The text leaves carry the
 * checked references and quotations (answerSegments) and curly quotes outside quotations.
 */
export type AnswerInline =
  | { kind: 'segments'; segments: AnswerSegment<Citation>[] }
  | { kind: 'break' }
  | { kind: 'strong' | 'em'; children: AnswerInline[] }
  | { kind: 'link'; href: string; children: AnswerInline[] }
  | { kind: 'code'; text: string };

export type AnswerBlock =
  | { kind: 'paragraph' | 'heading'; inlines: AnswerInline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: AnswerBlock[][] }
  | { kind: 'quote'; blocks: AnswerBlock[] };

const md = new MarkdownIt('zero', { html: false, linkify: false }).enable([
  'heading',
  'list',
  'blockquote',
  'emphasis',
  'link',
  'backticks',
  'escape',
  'newline',
]);

/** Where a link in an answer may go: the web, mail, a telephone number, or a page of Lectio. Anything else stays text. */
export const isSafeHref = (href: string) => /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(href);

type Token = ReturnType<typeof md.parse>[number];
/** Emphasis or a link being read: its children until it closes (an unsafe link's become plain text). */
interface OpenInline {
  kind: 'strong' | 'em' | 'link' | 'unsafe';
  href: string;
  children: AnswerInline[];
}

/** Parses the answer; citations are placed in reading order across the text, those never found are `unplaced`. */
export function parseAnswer(
  text: string,
  citations: readonly Citation[],
): { blocks: AnswerBlock[]; unplaced: Citation[] } {
  let remaining: Citation[] = [...citations];
  // The character before the text being curled, across leaves: a closing quote right after a quotation stays closing.
  let before = '';
  const leaf = (content: string): AnswerInline => {
    const { segments, unplaced } = segmentAnswer(content, remaining);
    remaining = unplaced;
    const curled = segments.map((s) => {
      const out = s.kind === 'text' ? { ...s, text: curlQuotes(s.text, before) } : s;
      before = s.text.slice(-1) || before;
      return out;
    });
    return { kind: 'segments', segments: curled };
  };

  const inlines = (tokens: readonly Token[]): AnswerInline[] => {
    const root: AnswerInline[] = [];
    const stack: AnswerInline[][] = [root];
    const open: OpenInline[] = [];
    const top = () => stack[stack.length - 1]!;
    for (const t of tokens) {
      switch (t.type) {
        case 'text':
        case 'text_special':
          if (t.content) top().push(leaf(t.content));
          break;
        case 'softbreak':
        case 'hardbreak':
          top().push({ kind: 'break' });
          before = '\n';
          break;
        case 'code_inline':
          top().push({ kind: 'code', text: t.content });
          before = t.content.slice(-1) || before;
          break;
        case 'strong_open':
        case 'em_open':
        case 'link_open': {
          const href = String(t.attrGet('href') ?? '');
          const kind =
            t.type === 'link_open'
              ? isSafeHref(href)
                ? 'link'
                : 'unsafe'
              : t.type === 'strong_open'
                ? 'strong'
                : 'em';
          const frame: OpenInline = { kind, href, children: [] };
          open.push(frame);
          stack.push(frame.children);
          break;
        }
        case 'strong_close':
        case 'em_close':
        case 'link_close': {
          const frame = open.pop();
          stack.pop();
          if (!frame) break;
          if (frame.kind === 'unsafe') top().push(...frame.children);
          else if (frame.kind === 'link') top().push({ kind: 'link', href: frame.href, children: frame.children });
          else top().push({ kind: frame.kind, children: frame.children });
          break;
        }
      }
    }
    return root;
  };

  const tokens = md.parse(text, {});
  const blocksUntil = (from: number, close: string | null): [AnswerBlock[], number] => {
    const out: AnswerBlock[] = [];
    let i = from;
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (close !== null && t.type === close) return [out, i + 1];
      if (t.type === 'paragraph_open' || t.type === 'heading_open') {
        const inline = tokens[i + 1];
        out.push({
          kind: t.type === 'heading_open' ? 'heading' : 'paragraph',
          inlines: inline?.children ? inlines(inline.children) : [],
        });
        i += 3; // open, inline, close
        before = '\n';
        continue;
      }
      if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') {
        const closeList = t.type === 'bullet_list_open' ? 'bullet_list_close' : 'ordered_list_close';
        const items: AnswerBlock[][] = [];
        i++;
        while (i < tokens.length && tokens[i]!.type === 'list_item_open') {
          const [item, next] = blocksUntil(i + 1, 'list_item_close');
          items.push(item);
          i = next;
        }
        if (tokens[i]?.type === closeList) i++;
        out.push({
          kind: 'list',
          ordered: t.type === 'ordered_list_open',
          start: Number(t.attrGet('start') ?? 1),
          items,
        });
        continue;
      }
      if (t.type === 'blockquote_open') {
        const [blocks, next] = blocksUntil(i + 1, 'blockquote_close');
        out.push({ kind: 'quote', blocks });
        i = next;
        continue;
      }
      i++;
    }
    return [out, i];
  };
  const [blocks] = blocksUntil(0, null);
  return { blocks, unplaced: remaining };
}
