import { formatReference } from '@lectio/contracts/reference';
import {
  commonAnswerOnVerse,
  getVerseText,
  greekWordsOf,
  quoteVerse,
  topicsFor,
  verseNote,
  writtenOutline,
} from '@lectio/library';
import { type OfflineAnswer, SOURCES, unquote } from './answer-kit';
import { henryOn } from './henry';

/** "What does this verse mean?": the verse, Henry's sentences about that verse, and for more depth its topics and Greek words. */
/** Our note on a verse, if we wrote one: its key idea in plain words first, then, for all but the simple style, the fuller note. */
export function noteOn(out: OfflineAnswer, book: string, chapter: number, verse: number): void {
  const note = verseNote(book, chapter, verse);
  if (!note) return;
  out.add(`In short: ${note.plain}`, SOURCES.notes);
  if (!out.simple) out.add(note.note);
}

export function verseMeaning(out: OfflineAnswer, book: string, chapter: number, verse: number, deep: boolean): void {
  out.add(quoteVerse(out.translation, book, chapter, verse), out.bible());
  // A verse that ends mid-sentence ('Count it all joy ... when you fall into various temptations,') is read with the rest of its sentence.
  const text = getVerseText(out.translation, book, chapter, verse) ?? '';
  const next = /[.?!]["”’']*\s*$/.test(text) ? null : quoteVerse(out.translation, book, chapter, verse + 1);
  if (next) out.add(`It goes on: ${next}`);
  noteOn(out, book, chapter, verse);
  // A hard saying we answered in writing ('hate your father and mother' at Luke 14:26): that answer's gist first.
  const written = commonAnswerOnVerse(book, chapter, verse);
  if (written)
    out.add(
      `Lectio's written answer to '${written.question}': ${out.simple ? written.parts.plain : written.parts.summary}`,
      SOURCES.written,
    );
  inItsChapter(out, book, chapter, verse);
  henryOn(out, book, chapter, verse, "Matthew Henry's Concise Commentary");
  if (out.simple) return;
  const topics = topicsFor(book, chapter, verse).slice(0, 3);
  if (topics.length > 0)
    out.add(
      [
        `Topics ${formatReference({ bookId: book, chapter, verse })} belongs to:`,
        ...topics.map(
          (t) => `- ${unquote(t.topic)}${t.references.length ? `: ${t.references.slice(0, 3).join('; ')}` : ''}`,
        ),
      ].join('\n'),
      SOURCES.naves,
    );
  if (deep) {
    const words = greekWordsOf(book, chapter, verse)
      .filter((w) => w.kjvWord.replace(/[^A-Za-z]/g, '').length > 3)
      .slice(0, 3);
    if (words.length > 0)
      out.add(
        [
          'Greek words behind the English (KJV):',
          ...words.map((w) => `- '${w.kjvWord}': ${w.lemma} (${w.transliteration}, ${w.strongs})`),
        ].join('\n'),
        SOURCES.strongs,
      );
  }
}

/** Where the verse stands: the step of our chapter outline it belongs to, and the chapter's message in plain words. */
function inItsChapter(out: OfflineAnswer, book: string, chapter: number, verse: number): void {
  const outline = writtenOutline(book, chapter);
  if (!outline) return;
  const step = outline.outline.find((s) => {
    const [from, to] = s.verses.split('-').map(Number);
    return from !== undefined && verse >= from && verse <= (to ?? from);
  });
  // No quotation marks around the heading: beside a reference they would read as the verse's words.
  const where = step
    ? `${formatReference({ bookId: book, chapter, verse })} belongs to ${outline.reference}:${step.verses}, which our outline heads: ${step.heading}. `
    : '';
  out.add(`${where}${out.simple ? '' : 'The chapter in short: '}${outline.message}`, "Lectio's chapter outlines");
}
