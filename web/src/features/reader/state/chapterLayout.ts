import type { ChapterSection } from '@lectio/contracts/bible-api';
import type { BlockKind, Verse } from '@lectio/contracts/verses';

/** A verse's words [from, to) inside one block; a verse split over lines of poetry has a piece in each. */
export interface VersePiece {
  verse: Verse;
  from: number;
  to: number;
  /** The verse's first piece: it carries the verse number (and the element id the reader scrolls to). */
  first: boolean;
}

/** A block of the chapter: a prose paragraph, or one line of poetry at an indent (1-3; 'selah' set apart). */
export interface LayoutBlock {
  kind: 'prose' | 'line' | 'selah';
  level: 1 | 2 | 3;
  /** A stanza or a paragraph begins here: space above it. */
  gap: boolean;
  /** Our section heading before it. */
  heading?: string;
  /** A psalm's canonical title before it (the translation's words). */
  title?: string;
  pieces: VersePiece[];
}

function blockOf(kind: BlockKind): Pick<LayoutBlock, 'kind' | 'level' | 'gap'> {
  switch (kind) {
    case 'p':
      return { kind: 'prose', level: 1, gap: true };
    case 'selah':
      return { kind: 'selah', level: 1, gap: false };
    case 'l1':
    case 'l2':
    case 'l3':
      return { kind: 'line', level: kind === 'l1' ? 1 : kind === 'l2' ? 2 : 3, gap: false };
    case 's1':
    case 's2':
    case 's3':
      return { kind: 'line', level: kind === 's1' ? 1 : kind === 's2' ? 2 : 3, gap: true };
  }
}

/**
 * The chapter as blocks: paragraphs and lines where the module marks them, a new paragraph at each
 * of our section headings, and (when `versePerLine`) every verse a paragraph of its own. Verses
 * keep their order; every verse is in the blocks exactly once, split where a block begins inside it.
 */
export function chapterLayout(
  verses: readonly Verse[],
  sections: readonly ChapterSection[] = [],
  versePerLine = false,
): LayoutBlock[] {
  const headings = new Map(sections.map((s) => [s.verse, s.heading]));
  const blocks: LayoutBlock[] = [];
  const open = (
    shape: Pick<LayoutBlock, 'kind' | 'level' | 'gap'>,
    extra: Pick<LayoutBlock, 'heading' | 'title'> = {},
  ): LayoutBlock => {
    const previous = blocks[blocks.length - 1];
    // Poetry after prose (or prose after poetry) is set apart like a new stanza.
    const gap = shape.gap || (previous !== undefined && (previous.kind === 'prose') !== (shape.kind === 'prose'));
    const block: LayoutBlock = { ...shape, gap, ...extra, pieces: [] };
    blocks.push(block);
    return block;
  };
  for (const verse of verses) {
    const breaks = versePerLine
      ? []
      : (verse.breaks ?? []).filter(([at]) => at >= 0 && at < Math.max(1, verse.text.length));
    const heading = headings.get(verse.number);
    const atStart = breaks.filter(([at]) => at === 0).pop();
    const extra = { ...(heading ? { heading } : {}), ...(verse.title ? { title: verse.title } : {}) };
    const current = blocks[blocks.length - 1];
    let block: LayoutBlock;
    if (atStart) block = open(blockOf(atStart[1]), extra);
    else if (current === undefined || versePerLine || heading || verse.title)
      block = open({ kind: 'prose', level: 1, gap: true }, extra);
    else block = current;
    const cuts = breaks.filter(([at]) => at > 0);
    let from = 0;
    let first = true;
    for (const [at, kind] of cuts) {
      if (at <= from) {
        block = open(blockOf(kind));
        continue;
      }
      block.pieces.push({ verse, from, to: at, first });
      first = false;
      from = at;
      block = open(blockOf(kind));
    }
    block.pieces.push({ verse, from, to: verse.text.length, first });
  }
  return blocks.filter((b) => b.pieces.length > 0 || b.heading || b.title);
}
