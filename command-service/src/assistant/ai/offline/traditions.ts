import { formatReference } from '@lectio/contracts/reference';
import { traditionNotes } from '@lectio/library';
import { type OfflineAnswer, SOURCES } from './answer-kit';
import { henryOn } from './henry';

/** How the traditions read a passage: the bank's written notes, then Henry as one voice among them. */
export function traditions(out: OfflineAnswer, question: string, book: string, chapter: number, verse: number | null): void {
  const passage = formatReference({ bookId: book, chapter, verse: verse ?? undefined });
  const notes = traditionNotes(question, book, chapter, out.simple ? 1 : 2);
  if (notes.length > 0) {
    out.add(`How Christians read ${passage}, from Lectio's written notes (on the question '${notes[0]!.question}'):`, SOURCES.bank);
    // Whole, even in the simple style: a note cut short would give one tradition's reading as if it were the only one.
    out.add(notes[0]!.traditions);
    if (notes[1]) out.add(`And on '${notes[1].question}': ${notes[1].traditions}`);
  } else {
    out.add(
      `Lectio's written notes do not yet say how Catholic, Orthodox and Protestant Christians read ${passage}. The traditions often read a passage differently; a pastor or priest of your own church can tell you how yours reads it.`,
    );
  }
  henryOn(out, book, chapter, verse ?? 1, 'Matthew Henry (1706), one Nonconformist Protestant voice among many,');
}
