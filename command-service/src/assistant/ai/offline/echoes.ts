import { ALL_BOOKS, findAnyBook } from '@lectio/contracts/books';
import {
  crossReferencesOf,
  findReferences,
  getVerseText,
  GOSPELS,
  quoteVerse,
  searchVerses,
  verseNote,
} from '@lectio/library';
import { type OfflineAnswer, SOURCES } from './answer-kit';

/**
 * A follow-up asking where else the verse, or the one just asked about, is found: 'where does Paul use it?',
 * "where's that from in the Old Testament?", 'do the New Testament writers quote this?', 'where is he in Genesis?'.
 */
export const ECHO_ASKED =
  /\bwhat (?:does|did) (?:paul|jesus|the (?:new|old) testament|the gospels) (?:\w+ )?say about (?:it|that|this)\b|\bwhere (?:does|did|do) (?:\w+ ){1,3}(?:use|uses|quote|quotes|cite|mention|reference|repeat|get)\b|\bwhere(?:'?s| is| does| did) (?:that|this|it) (?:come |quoted |taken )?from\b|\b(?:do|does|did) (?:\w+ ){1,4}(?:quote|cite) (?:this|that|it)\b|\bwhere (?:is|was|does|do) (?:he|she|him|her|that|this|they) (?:\w+ )?(?:in|appear|show up|come up|mentioned)\b/i;

const PAULS_LETTERS = [
  'romans',
  'corinthians1',
  'corinthians2',
  'galatians',
  'ephesians',
  'philippians',
  'colossians',
  'thessalonians1',
  'thessalonians2',
  'timothy1',
  'timothy2',
  'titus',
  'philemon',
];

/** The part of the Bible the question names, as book ids and words for the answer; else every other book. */
function scopeOf(text: string, named: string[], openBook: string): { books: string[]; name: string } {
  if (named.length > 0) return { books: named, name: named.map((id) => findAnyBook(id)?.name ?? id).join(' and ') };
  if (/\bpaul(?:'?s)?\b/i.test(text)) return { books: PAULS_LETTERS, name: "Paul's letters" };
  if (/\bgospels?\b/i.test(text)) return { books: [...GOSPELS], name: 'the Gospels' };
  const testament = /\b(?:old testament|ot|hebrew (?:bible|scriptures))\b/i.test(text)
    ? 'old'
    : /\b(?:new testament|nt)\b/i.test(text)
      ? 'new'
      : null;
  const books = ALL_BOOKS.filter((b) => b.id !== openBook && (testament === null || b.testament === testament)).map(
    (b) => b.id,
  );
  return {
    books,
    name:
      testament === 'old' ? 'the Old Testament' : testament === 'new' ? 'the New Testament' : 'the rest of the Bible',
  };
}

/**
 * Where else: for a person the follow-up points at ('where is he in Genesis?' after 'who was Melchizedek?'), the
 * verses of the part named that best name them; else the open verse's cross-references there (Henry's, Scofield's,
 * Nave's), then the verses there nearest it in wording (Psalm 90:4 for 2 Peter 3:8). False when none is found.
 */
export function echoesOf(
  out: OfflineAnswer,
  text: string,
  named: string[],
  person: string | null,
  { book, chapter, verse }: { book: string; chapter: number; verse: number },
): boolean {
  const scope = scopeOf(text, named, book);
  const inScope = (id: string) => scope.books.includes(id);
  const pointsAtPerson = person !== null && /\b(?:he|she|him|her)\b/i.test(text);
  const places: { book: string; chapter: number; verse: number }[] = [];
  const keep = (p: { book: string; chapter: number; verse: number }) => {
    if (
      places.length < 3 &&
      !places.some((q) => q.book === p.book && q.chapter === p.chapter && Math.abs(q.verse - p.verse) <= 1)
    )
      places.push(p);
  };
  if (pointsAtPerson) {
    for (const h of searchVerses(person, 3, 0.5, undefined, { books: scope.books }))
      keep({ book: h.bookId, chapter: h.chapter, verse: h.verse });
  } else {
    // Our note names where the verse is quoted (Romans 1:17 for Habakkuk 2:4); then the verses nearest its words in
    // either translation ('by his stripes'); then the commentators' cross-references, which are often on its theme only.
    for (const r of findReferences(verseNote(book, chapter, verse)?.note ?? ''))
      if (r.book && inScope(r.book.id) && r.verse !== null)
        keep({ book: r.book.id, chapter: r.chapter, verse: r.verse });
    const words = (['web', 'kjv'] as const).map((t) => getVerseText(t, book, chapter, verse) ?? '').join(' ');
    for (const h of searchVerses(words, 3, 0.3, undefined, { books: scope.books }))
      keep({ book: h.bookId, chapter: h.chapter, verse: h.verse });
    for (const c of crossReferencesOf(book, chapter, verse, out.translation, 40))
      if (inScope(c.book) && !(c.book === book && c.chapter === chapter)) keep(c);
  }
  if (places.length === 0) return false;
  const here = `${findAnyBook(book)?.name ?? book} ${chapter}:${verse}`;
  out.add(
    pointsAtPerson ? `${person} in ${scope.name}:` : `In ${scope.name}, the verses nearest ${here}:`,
    SOURCES.both,
  );
  out.add(places.map((p) => `- ${quoteVerse(out.translation, p.book, p.chapter, p.verse)}`).join('\n'));
  return true;
}
