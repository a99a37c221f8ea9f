/**
 * Hebrew word answers, as word-study.ts and greek-words.ts give the Greek: the Hebrew behind an
 * English word of an Old Testament verse (the KJV's Strong's tags and Strong's Hebrew Dictionary)
 * and our map's words (words/english-hebrew.json: 'hesed', 'shalom', 'the Hebrew for soul'), with
 * the lemma in Hebrew letters, a transliteration, the Strong's number, the meaning and the word's
 * other places in the Old Testament.
 */
import {
  getVerses,
  HEBREW_SOURCE,
  hebrewUses,
  hebrewWordForAny,
  hebrewWordsNamed,
  hebrewWordsOf,
  hebrewWordStudy,
  isOldTestamentBook,
  quoteVerse,
  type HebrewWord,
  type HebrewWordNamed,
  type HebrewWordStudy,
  verseReference,
} from '@lectio/library';
import { type OfflineAnswer, unquote } from './answer-kit';

const OURS = "Lectio's written notes on Hebrew words";

/** The question asks for the Hebrew: 'Hebrew for peace', 'the Hebrew word for soul', 'in Hebrew', 'what's the Hebrew'. */
const ASKS_HEBREW = new RegExp(
  [
    '\\bhebrew\\s+(?:word|words|term|for|name|behind|meaning|original|root)\\b',
    // 'in Hebrew?', 'mean in the original Hebrew', 'the Hebrew here', 'whats the hebrew', not 'the Hebrew midwives'.
    '\\b(?:in|from|the|original)\\s+(?:the\\s+)?(?:original\\s+)?hebrew\\b(?=\\s*(?:[?.!,;:]|$|\\s+(?:is|it|does|do|mean|means|here|for|of|word|words|text|original|say|says)\\b))',
    '\\bhebrew\\s*[?.!]*\\s*$',
  ].join('|'),
  'i',
);

/**
 * Whether a question is answered in Hebrew: it asks for the Hebrew, or names a Hebrew word
 * ('what does hesed mean'), or asks about a word of an Old Testament verse. Quotes, where-questions
 * and declined ones never are.
 */
export function asksHebrew(kind: string, question: string, book: string): boolean {
  if (kind === 'quote' || kind === 'where' || kind === 'offtopic') return false;
  return (
    ASKS_HEBREW.test(question) ||
    hebrewWordsNamed(question).some((n) => n.name) ||
    (kind === 'word' && isOldTestamentBook(book))
  );
}

/** The English words a question asks the Hebrew of: quoted, after 'word' or 'Hebrew for', then the map's forms it names. */
function wordsAsked(question: string, named: HebrewWordNamed[]): string[] {
  const out: string[] = [];
  const quoted = /["“‘']([a-z][a-z -]*[a-z])["”’']/i.exec(question)?.[1];
  if (quoted) out.push(quoted);
  const after =
    /\b(?:hebrew\s+(?:word\s+)?for|word\s+(?:for\s+)?|hebrew\s+behind|original\s+(?:word\s+)?for)\s+(?:the\s+)?(?:word\s+)?["“‘']?([a-z][a-z' ]*?)["”’']?(?=\s+(?:in|here|and|at|of this|of the verse|mean|means)\b|\s*[,?.!—-]|$)/i.exec(
      question,
    )?.[1];
  if (after && !/^(?:this|that|here|it)$/i.test(after)) out.push(after);
  for (const n of named) out.push(n.form, n.word.english);
  return [...new Set(out.map((w) => w.toLowerCase().trim()).filter(Boolean))];
}

/**
 * The verse's Hebrew for the first word asked that it has: the map's word named, where the verse has
 * it ('mercy' at Micah 6:8 is hesed), else the English asked found in the KJV's (or the WEB's) words;
 * in the verse open, else the first verse of the chapter with it.
 */
function taggedIn(
  asked: string[],
  names: HebrewWordNamed[],
  book: string,
  chapter: number,
  verse: number | null,
): { word: HebrewWord; asked: string; verse: number } | null {
  const verses = verse !== null ? [verse] : getVerses('kjv', book, chapter).map((v) => v.number);
  for (const v of verses) {
    const tags = hebrewWordsOf(book, chapter, v);
    for (const n of names) {
      const word = tags.find((t) => n.word.hebrew.some((h) => h.strongs === t.strongs));
      if (word) return { word, asked: n.form, verse: v };
    }
    for (const a of asked) {
      const word = hebrewWordForAny(a, book, chapter, v);
      if (word) return { word, asked: a, verse: v };
    }
  }
  return null;
}

/** 'חֶסֶד (hesed; Strong's H2617, chêsêd)': our transliteration, then Strong's where it differs. */
function named(s: HebrewWordStudy, strongsWord = "Strong's "): string {
  const theirs =
    s.strongsTransliteration && s.strongsTransliteration !== s.transliteration ? `, ${s.strongsTransliteration}` : '';
  return `${s.lemma} (${s.transliteration}; ${strongsWord}${s.strongs}${theirs})`;
}

/** A word of the question as the reader wrote it ('I AM WHO I AM'), found again in any case. */
function asWritten(question: string, words: string): string {
  const pattern = words
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean)
    .join('[^\\p{L}]+');
  return (pattern && new RegExp(pattern, 'iu').exec(question)?.[0]) || words;
}

/** A note's first sentence, for the simple style ('Hesed is loyal, steadfast love: ...'). */
const firstSentence = (note: string) => sentence(/^.*?[.!?](?=\s|$)/.exec(note)?.[0] ?? note);

const sentence = (s: string) => unquote(s).replace(/[.;,:\s]*$/, '.');

/** Where else the Old Testament uses the word. */
function usesLine(out: OfflineAnswer, s: HebrewWordStudy): void {
  const uses = hebrewUses(s.strongs, out.simple ? 3 : 5);
  if (uses.count === 0) return;
  out.add(
    out.simple
      ? `You can read it in ${uses.references.join(', ')}.`
      : `The Old Testament uses ${s.transliteration} in ${uses.count} verses (as the KJV's tags count them), among them ${uses.references.join(', ')}.`,
    HEBREW_SOURCE,
  );
}

/** One word of the answer: what it is, our gloss and note, and (not for the simple style) Strong's meaning. */
function wordParagraph(out: OfflineAnswer, lead: string, s: HebrewWordStudy): void {
  const meaning = s.note
    ? `: ${sentence(s.gloss)} ${out.simple ? firstSentence(s.note) : sentence(s.note)}`
    : `. It means: ${sentence(s.meaning || s.gloss)}`;
  out.add(`${lead}${meaning}`, s.note ? OURS : HEBREW_SOURCE, HEBREW_SOURCE);
  if (s.note && !out.simple && s.meaning) out.add(`Strong's Hebrew Dictionary defines it: ${sentence(s.meaning)}`);
}

/**
 * The Hebrew answer to a word question: the verse's own Hebrew for the word asked (an Old
 * Testament verse), else our map's word the question names, else the main Hebrew words of the
 * verse when the question asks for the Hebrew. False when it has none of these (the Greek answers).
 */
export function hebrewWordAnswer(
  out: OfflineAnswer,
  question: string,
  book: string,
  chapter: number,
  verse: number | null,
): boolean {
  const names = hebrewWordsNamed(question);
  const ot = isOldTestamentBook(book);
  const asked = wordsAsked(question, names);
  const found = ot && asked.length ? taggedIn(asked, names, book, chapter, verse) : null;
  const entry = names[0]?.word;
  if (found) {
    const reference = verseReference(book, chapter, found.verse);
    out.add(quoteVerse(out.translation, book, chapter, found.verse), out.bible());
    const tags = new Map(hebrewWordsOf(book, chapter, found.verse).map((w) => [w.strongs, w]));
    // The map's word holds the verse's: its words in the verse, in the map's order (adam, then adamah, at Genesis 2:7).
    const inEntry = entry?.hebrew.some((h) => h.strongs === found.word.strongs)
      ? entry.hebrew.filter((h) => tags.has(h.strongs)).map((h) => h.strongs)
      : [found.word.strongs];
    const studies = inEntry.map((n) => hebrewWordStudy(n)).filter((s): s is HebrewWordStudy => s !== null);
    for (const s of studies.slice(0, out.simple ? 1 : 3)) {
      const kjv = tags.get(s.strongs)!.kjvWord.split(',')[0]!.trim();
      const said =
        s.strongs === found.word.strongs && kjv.toLowerCase() !== found.asked.toLowerCase()
          ? `'${asWritten(question, found.asked)}' (the KJV's '${kjv}')`
          : `'${kjv}'`;
      wordParagraph(out, `In ${reference}, ${said} translates the Hebrew ${named(s)}`, s);
    }
    // The map's other words for it ('rachamim' beside 'hesed'), briefly.
    if (!out.simple && entry)
      for (const h of entry.hebrew.filter((h) => !inEntry.includes(h.strongs)).slice(0, 2)) {
        const s = hebrewWordStudy(h.strongs);
        if (s) out.add(`Also ${named(s, '')}: ${sentence(s.gloss)}${s.note ? ` ${sentence(s.note)}` : ''}`, OURS);
      }
    usesLine(out, studies[0]!);
    return true;
  }
  if (entry) {
    const studies = entry.hebrew.map((h) => hebrewWordStudy(h.strongs)).filter((s): s is HebrewWordStudy => s !== null);
    const lead = studies[0];
    if (!lead) return false;
    // An English form is named by the map's word ('the name jesus' asks for 'jesus').
    const what = names[0]!.name ? `'${names[0]!.form}'` : `The Hebrew for '${names[0]!.word.english}'`;
    wordParagraph(out, `${what} is ${named(lead)}`, lead);
    for (const s of studies.slice(1, out.simple ? 1 : 3))
      out.add(`Also ${named(s, '')}: ${sentence(s.gloss)}${s.note && !out.simple ? ` ${sentence(s.note)}` : ''}`, OURS);
    usesLine(out, lead);
    return true;
  }
  // 'What are the Hebrew words here?': the verse's main words.
  if (!ot || verse === null || !ASKS_HEBREW.test(question)) return false;
  // The words our notes explain first ('mercy', hesed, and 'justly', mishpat, at Micah 6:8), then the rest in order.
  const noted = (strongs: string) => (hebrewWordStudy(strongs)?.note ? 0 : 1);
  const words = hebrewWordsOf(book, chapter, verse)
    .filter((w) => w.kjvWord.replace(/[^A-Za-z]/g, '').length > 3)
    .sort((a, b) => noted(a.strongs) - noted(b.strongs));
  if (words.length === 0) return false;
  const reference = verseReference(book, chapter, verse);
  out.add(quoteVerse(out.translation, book, chapter, verse), out.bible());
  out.add(
    [
      `The main Hebrew words of ${reference} (the KJV's English for each):`,
      ...words.slice(0, out.simple ? 3 : 6).map((w) => {
        const s = hebrewWordStudy(w.strongs)!;
        return `- '${w.kjvWord.split(',')[0]!.trim()}': ${named(s, '')}, ${unquote(s.gloss)}`;
      }),
    ].join('\n'),
    HEBREW_SOURCE,
  );
  return true;
}
