import { formatReference } from '@lectio/contracts/reference';
import {
  bookIntroduction,
  getVerses,
  GOSPELS,
  greekForEnglish,
  lastVerse,
  parallelsFor,
  searchProse,
  understandQuestion,
  type Translation,
} from '@lectio/library';
import type { AiQuestion } from './port';

const KIND_NAMES = {
  quote: 'quote a passage word for word',
  where: 'where the Bible says something',
  meaning: 'what a verse or passage means',
  why_how: 'why or how',
  who_what: 'who or what someone or something was',
  word: 'what a word means (its Greek or Hebrew)',
  book: "a book's author, date, audience or purpose",
  compare: 'comparing passages or the Gospels’ accounts',
  contested: 'a doctrine or practice Christians disagree on',
  personal: "applying Scripture to the reader's own life",
  followup: 'a follow-up to the previous answer',
  offtopic: 'not about the Bible',
} as const;

/**
 * The offline assistant's understanding of the question, as the model's grounding: its kind, the
 * passages it names (quoted in the reader's translation), and what the library holds on its
 * subjects: the dictionary's article, the Greek of its words, the book's introduction, the Gospel
 * parallels, and the prose the text index ranks above its bar, each with its source and reference.
 */
export function questionGrounding(q: AiQuestion, translation: Translation): string[] {
  const u = understandQuestion(q.text, q.context);
  const lines = ['', `The question, as understood: ${KIND_NAMES[u.kind]}.`];
  for (const p of u.places.slice(0, 2)) {
    const first = p.verse ?? 1;
    const last = Math.min(p.verseEnd ?? (p.verse === null ? lastVerse(p.book, p.chapter) : first), first + 11);
    const reference = formatReference({
      bookId: p.book,
      chapter: p.chapter,
      verse: first,
      verseEnd: last > first ? last : undefined,
    });
    const text = getVerses(u.translation ?? translation, p.book, p.chapter)
      .filter((v) => v.number >= first && v.number <= last)
      .map((v) => v.text)
      .join(' ');
    if (text)
      lines.push(`The passage it names, ${reference} (${(u.translation ?? translation).toUpperCase()}): ${text}`);
  }
  if (u.subject)
    lines.push(`${u.subject.source} on ${u.subject.headword} (public domain): ${u.subject.summary.slice(0, 800)}`);
  for (const w of u.words.slice(0, 2))
    for (const g of greekForEnglish(w.english).slice(0, 2))
      lines.push(`Greek for '${w.english}': ${g.lemma} (${g.transliteration}, ${g.strongs}): ${g.gloss} (${g.source})`);
  const book = u.books[0]?.id ?? (u.kind === 'book' ? q.context.book : null);
  const intro = book ? bookIntroduction(book) : null;
  if (intro)
    lines.push(
      `Lectio's introduction to ${intro.name}: author: ${intro.author} Date: ${intro.date} Audience: ${intro.audience} Purpose: ${intro.purpose}`,
    );
  if (u.kind === 'compare') {
    const episode = parallelsFor(
      formatReference({ bookId: q.context.book, chapter: q.context.chapter, verse: q.context.verse ?? undefined }),
    )[0];
    if (episode)
      lines.push(
        `Gospel parallels, ${episode.title}: ${GOSPELS.map((g) => episode[g] ?? '')
          .filter(Boolean)
          .join('; ')}. ${episode.differences}`,
      );
  }
  if (u.kind !== 'quote' && u.kind !== 'offtopic')
    for (const hit of searchProse(q.text, 2))
      lines.push(`${hit.source}, ${hit.title.split('\n')[0]}: ${hit.text.replace(/\s+/g, ' ').slice(0, 600)}`);
  return lines;
}
