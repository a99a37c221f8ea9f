/**
 * A reader's question understood before any material is chosen: its kind (the trained classifier,
 * kinds.ts) and its subjects, found with entity lists rather than patterns: the references it names
 * (the reference scanner; they win over the highlighted verse), 'verse 17' of the open chapter, the
 * translation asked for, the books it names, the dictionary's people, places and things, the
 * English words our lexicon map reaches in Greek, and a quoted or remembered saying.
 */
import { ALL_BOOKS, findAnyBook, type LibraryBook } from '@lectio/contracts/books';
import { findAnyBookByName } from '@lectio/contracts/reference';
import { dictionaryArticles, dictionaryEntry, type DictionaryEntry } from '../dictionary';
import { isGospel } from '../parallels';
import { englishGreekWord, type EnglishGreekWord } from '../lexicon';
import { findModernPhrase, findPhrase } from '../answers/phrase-search';
import { findReferences } from '../references/scan';
import { biblicalShare, indexTerms, searchVerses, verseTerms, wordOrderShare } from '../retrieval';
import { type AskedKind, classifyQuestion } from './kinds';
import { asksWording } from './wording-asked';

export interface AskedPlace {
  book: string;
  chapter: number;
  verse: number | null;
  verseEnd: number | null;
  chapterEnd: number | null;
}

export interface UnderstoodQuestion {
  /** The question as asked. */
  text: string;
  kind: AskedKind;
  confidence: number;
  /** Every kind's probability, as the classifier reads it. */
  probabilities: ReadonlyMap<AskedKind, number>;
  /** Passages the question names, in its order ('verse 17' as a verse of the open chapter). */
  places: AskedPlace[];
  /** 'kjv' or 'web' when the question asks for one. */
  translation: 'kjv' | 'web' | null;
  /** Books the question names without a chapter ('Who wrote Hebrews?', 'the Gospel of John'). */
  books: LibraryBook[];
  /** The dictionary's article on the person, group, place or thing asked about, if any. */
  subject: DictionaryEntry | null;
  /** Every dictionary subject the question names by a capitalised name, the main subject first ('Pharisees and Sadducees'). */
  subjects: DictionaryEntry[];
  /** English (or transliterated Greek) words our lexicon map reaches, in the question's order. */
  words: EnglishGreekWord[];
  /** The saying asked about: quoted words, or what follows 'say'/'says' in a where-question. */
  saying: string | null;
  /** Words the question puts in quotation marks (two or more), if any. */
  quoted: string | null;
  /** Whether it points at the verse or passage open ('here', 'this verse', 'the chapter'). */
  pointsAtVerse: boolean;
}

// Double quotes first; single quotes only at word edges, so 'the Lord's great love' keeps its apostrophe.
const QUOTED =
  /["“]([^"“”]{3,300})["”]|(?<![\p{L}\d])['‘]((?:[^'‘’]|(?<=\p{L})['’](?=\p{L})){3,300}?)['’](?![\p{L}\d])/u;
/** The words the question quotes, in double or single quotes, or undefined. */
const quotedIn = (question: string): string | undefined => {
  const m = QUOTED.exec(question);
  return m?.[1] ?? m?.[2];
};

/** Question words and frames: never a subject of their own. */
const FRAME = new Set(
  'a an the is was were are who what whom which where when why how do does did can could would should will tell me about explain mean means meaning of in on to for this that these those it its here there speaking saying talking someone something anyone bible scripture verse verses passage chapter book word words greek hebrew original i you we my our your he him his she her they them their please and or really actually exactly jesus god lord'.split(
    ' ',
  ),
);

const wordsOfQuestion = (question: string): string[] =>
  question
    .replace(/[’]/g, "'")
    .replace(/'s\b/g, '')
    .split(/[^A-Za-z'-]+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);

/** 'verse 17', 'vv. 3-5', 'the next verse' as places in the open chapter. */
function versesOfChapter(
  question: string,
  context: { book: string; chapter: number; verse: number | null },
): AskedPlace[] {
  const out: AskedPlace[] = [];
  // 'verse 17', 'verses 3-5', 'verses 22 and 23', 'verses 22 to 23'.
  for (const m of question.matchAll(
    /\b(?:verses?|vv?\.?)\s*(\d{1,3})(?:\s*(?:[-–]|and|to|through|&)\s*(\d{1,3}))?\b/gi,
  ))
    out.push({
      book: context.book,
      chapter: context.chapter,
      verse: Number(m[1]),
      verseEnd: m[2] && Number(m[2]) > Number(m[1]) ? Number(m[2]) : null,
      chapterEnd: null,
    });
  if (context.verse === null) return out;
  const at = context.verse;
  const place = (verse: number, verseEnd: number | null): AskedPlace => ({
    book: context.book,
    chapter: context.chapter,
    verse,
    verseEnd,
    chapterEnd: null,
  });
  if (/\b(?:next|following) verse\b|\bverse (?:just |right |directly )?after\b/i.test(question))
    out.push(place(at + 1, null));
  if (/\b(?:previous|preceding|last) verse\b|\bverse (?:just |right |directly )?before\b/i.test(question) && at > 1)
    out.push(place(at - 1, null));
  // 'the two verses just before this one', 'the three verses after it'.
  const counted = /\b(two|three|four|five|2|3|4|5) verses (?:just |right )?(before|after|following|preceding)\b/i.exec(
    question,
  );
  if (counted) {
    const n = { two: 2, three: 3, four: 4, five: 5 }[counted[1]!.toLowerCase()] ?? Number(counted[1]);
    const before = /before|preceding/i.test(counted[2]!);
    if (before && at > 1) out.push(place(Math.max(1, at - n), at - 1));
    else if (!before) out.push(place(at + 1, at + n));
  }
  return out;
}

/** Books named in the question without a chapter: the longest name at each place ('2 Peter', 'Song of Songs', 'the Gospel of John'). */
const BOOK_ONLY_NAMES =
  /^(?:genesis|exodus|leviticus|deuteronomy|psalms|proverbs|ecclesiastes|lamentations|romans|corinthians|galatians|ephesians|philippians|colossians|thessalonians|hebrews)$/i;

function booksNamed(question: string, openBook?: string): LibraryBook[] {
  const words = question
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const found: LibraryBook[] = [];
  // At a Gospel's verse, 'is it in john too?' names another Gospel.
  const gospelsAsked =
    (/\bgospels?\b|\b(?:matthew|luke)\b/i.test(question) ||
      (openBook !== undefined &&
        isGospel(openBook) &&
        /\b(?:too|also|same|as well|version|account|differ\w*)\b/i.test(question))) &&
    !/\bjohn the baptist\b/i.test(question);
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      const span = words.slice(i, i + n);
      if (span.length < n) continue;
      const last = span[span.length - 1]!;
      // A book name starts with a capital in running text ('mark' and 'acts' are words too), or follows 'gospel of',
      // 'intro to', 'who wrote' ('give me an intro to lamentations').
      const named =
        /^[A-Z1-3]/.test(span[0]!) ||
        // 'does matthew and luke have it too': the Gospels, however typed, when the question is about the Gospels.
        (gospelsAsked && n === 1 && /^(?:matthew|mark|luke|john)$/i.test(span[0]!)) ||
        // 'but acts says he fell': a book that says something.
        /^(?:says|said|tells|records|puts it|has it)$/i.test(words[i + n] ?? '') ||
        // A book whose name is neither a person nor an everyday word, however typed: 'what is deuteronomy'.
        BOOK_ONLY_NAMES.test(last) ||
        /(?:gospel|book|overview|background|letter|epistle|author) (?:of|to|on)$|intro(?:duction)? to$|who wrote$/i.test(
          words.slice(Math.max(0, i - 2), i).join(' '),
        );
      if (!named || !/^[A-Za-z]{3,}$/.test(last)) continue;
      const book = findAnyBookByName(span.join(' '));
      if (book && !found.includes(book)) {
        found.push(book);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}

/** The dictionary's article for the longest run of words (three, two, one) that has one, frames aside; capitalised names first. */
function dictionarySubject(question: string): DictionaryEntry | null {
  const words = wordsOfQuestion(question);
  const candidates: { text: string; score: number }[] = [];
  for (let n = 4; n >= 1; n--)
    for (let i = 0; i + n <= words.length; i++) {
      const span = words.slice(i, i + n);
      if (FRAME.has(span[0]!.toLowerCase()) || FRAME.has(span[n - 1]!.toLowerCase())) continue;
      // 'what was his job?' names no Job: a name that is an everyday word counts only with its capital.
      if (n === 1 && EVERYDAY_NAMES.has(span[0]!)) continue;
      const capitals = span.filter((w) => /^[A-Z]/.test(w)).length;
      candidates.push({ text: span.join(' '), score: n * 2 + capitals * 3 + (i > 0 ? 1 : 0) });
    }
  candidates.sort((a, b) => b.score - a.score);
  // 'How much money was a talent?', 'how long is a cubit?': an amount asked is the coin's or the measure's, not 'money'.
  const amount = /\bhow (?:much|many|long|far|big|heavy|large|tall|wide)\b|\bworth\b/i.test(question);
  let first: DictionaryEntry | null = null;
  for (const c of candidates) {
    if (c.text.length < 3) continue;
    const entry = dictionaryEntry(c.text);
    // A single everyday word in lower case ('name', 'today') gives way to a name misspelt ('who was jezzebel').
    if (entry && !c.text.includes(' ') && /^[a-z]/.test(c.text) && misspeltName(words)) break;
    if (entry && (!amount || entry.modern)) return entry;
    first ??= entry;
  }
  return first ?? nearestHeadword(words);
}

/** Names the dictionary has that are everyday words in lower case ('his job', 'mark my words'). */
const EVERYDAY_NAMES = new Set(['job', 'mark', 'will', 'rose']);

let headwords: Map<string, string[]> | undefined;

/** Levenshtein distance, up to a limit (more is 'far'). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * A name spelt as the KJV's New Testament or a reader spells it ('Melchisedec', 'Melchizedec'): the
 * dictionary's headword of the same first letter within two letters of it, for words of seven letters or more.
 */
function nearestHeadword(words: string[]): DictionaryEntry | null {
  if (!headwords) {
    headwords = new Map();
    for (const a of dictionaryArticles()) {
      const key = a.headword.split(',')[0]!.toLowerCase();
      if (!/^[a-z]{7,}$/.test(key)) continue;
      headwords.set(key[0]!, [...(headwords.get(key[0]!) ?? []), key]);
    }
  }
  for (const word of words) {
    const w = word.toLowerCase();
    if (w.length < 7 || FRAME.has(w)) continue;
    // The one nearest, when no other is as near: 'jezzebel' is Jezebel (one letter), not Jezreel (two).
    const near = (headwords.get(w[0]!) ?? []).map((h) => ({ h, d: distance(w, h, 2) })).filter((x) => x.d <= 2);
    const least = Math.min(...near.map((x) => x.d));
    const nearest = near.filter((x) => x.d === least);
    if (nearest.length === 1) return dictionaryEntry(nearest[0]!.h);
  }
  return null;
}

/** A headword the question misspells ('jezzebel'): the nearest, when it is none of the question's own words. */
function misspeltName(words: string[]): boolean {
  const near = nearestHeadword(words)?.headword.split(',')[0]!.toLowerCase();
  return near !== undefined && !words.some((w) => w.toLowerCase() === near);
}

/** 'The difference between X and Y', 'X vs Y', 'X or Y': two things set side by side. */
const SIDE_BY_SIDE = /\b(?:differen\w* between|same as|compared? (?:to|with)|vs\.?|versus)\b/i;
const PAIR_NAMED =
  /\b(?:between|of)\s+(?:the\s+)?([a-z][a-z' -]{2,30}?)\s+(?:and|&)\s+(?:the\s+)?([a-z][a-z' -]{2,30}?)\s*[?.!]*$|^\s*(?:the\s+)?([a-z][a-z' -]{2,30}?)\s+(?:vs\.?|versus)\s+(?:the\s+)?([a-z][a-z' -]{2,30}?)\s*[?.!]*$/i;

/**
 * Every capitalised or quoted name the dictionary has an article for, in the question's order ('the Pharisees and the
 * Sadducees'); and the two things a question sets side by side, in lower case too ('the difference between pharisees and
 * sadducees').
 */
function dictionarySubjects(question: string, first: DictionaryEntry | null): DictionaryEntry[] {
  const found: DictionaryEntry[] = first ? [first] : [];
  const pair = SIDE_BY_SIDE.test(question) ? PAIR_NAMED.exec(question.trim()) : null;
  if (pair)
    for (const name of pair.slice(1).filter((n): n is string => n !== undefined)) {
      const entry = dictionaryEntry(name.trim());
      if (entry && !found.some((f) => f.headword === entry.headword)) found.push(entry);
    }
  const words = wordsOfQuestion(question);
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      const span = words.slice(i, i + n);
      if (span.length < n || FRAME.has(span[0]!.toLowerCase()) || FRAME.has(span[n - 1]!.toLowerCase())) continue;
      if (!/^[A-Z]/.test(span[0]!) || span.join(' ').length < 3) continue;
      const entry = dictionaryEntry(span.join(' '));
      if (entry && !found.some((f) => f.headword === entry.headword)) {
        found.push(entry);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}

/** The lexicon map's words in the question: a quoted word first, then every word or pair of words the map has. */
function lexiconWords(question: string): EnglishGreekWord[] {
  const words = wordsOfQuestion(question).map((w) => w.toLowerCase());
  const quoted = quotedIn(question)?.trim();
  const found: EnglishGreekWord[] = [];
  const add = (w: EnglishGreekWord | null) => {
    if (w && !found.includes(w)) found.push(w);
  };
  if (quoted) add(englishGreekWord(quoted));
  for (let i = 0; i < words.length; i++) {
    if (words[i + 1]) add(englishGreekWord(`${words[i]} ${words[i + 1]}`));
    if (!FRAME.has(words[i]!) && words[i]!.length > 2) add(englishGreekWord(words[i]!));
  }
  return found;
}

const SAYING_FRAME =
  /\b(?:say|says|said|saying|tell us|tells us|teach|teaches|talks? about|mention|mentions|is it written|written|verse about|the one about|goes something like|something like|that goes)\b(?:\s+that)?[,:]?\s+(.+?)[?.!]*$/i;

/** A question asking where words are: 'Where is ...', 'Which verse says ...', 'chapter and verse for ...'. */
const ASKS_WHERE =
  /^\s*where\b|\b(?:which|what) (?:verse|verses|passage|scripture|book|chapter|psalm|proverb)\b|\bwhere in the (?:bible|scriptures?|new testament|old testament|gospels?)\b|\b(?:the reference for|chapter and verse|book and chapter|(?:verse )?ref(?:erence)? for|is there a verse)\b/i;

/** The saying first, the asking after it: 'thank you for making me so wonderfully complex - which psalm is that'. */
const TRAILING_ASK =
  "(?:so\\s+|ok\\s+)?(?:where(?:'s|\\s+is|\\s+was)\\s+(?:that|it|this)(?:\\s+(?:verse|one|saying|from|found|in the bible|in the (?:old |new )?testament|in (?:the )?scriptures?))?|where does (?:that|this) (?:saying |verse |quote )?(?:say|come from|appear)|where does it say (?:that|this|it)|who said (?:that|this|it)|is (?:that|this|it) (?:in the bible|a (?:bible )?verse|biblical|scripture|from the bible)|(?:which|what) (?:psalm|proverb|verse|book|chapter|passage|prophet|gospel|letter|epistle)(?:\\s+(?:is|was|says|said)\\s+(?:that|it|this)(?:\\s+(?:from|in))?)?|(?:what(?:'s| is) the )?(?:reference|ref)|book and chapter)";
/** A book's name guessed after the saying ('... a haughty spirit before a fall. proverbs?', '... is that lamentations?'). */
const BOOK_NAMES = `(?:in )?(?:the book of )?(?:${ALL_BOOKS.map((b) => b.name.toLowerCase()).join('|')}|psalms?|proverbs)(?:\\s+right)?\\s*\\?`;
const BOOK_ASKED = `(?:is (?:that|this|it) |isn'?t (?:that|this|it) |(?:that|this)'?s )`;
const BOOK_GUESSED = `(?:${BOOK_ASKED}?${BOOK_NAMES})`;
const TRAILING_WHERE = new RegExp(
  // After punctuation the asking may be short ('- where?', ', which one'); after a bare space it must point back ('... where is that').
  `^(.{12,}?)(?:\\s*(?:[-–—,:;…]+|\\.{2,}|[.?!]\\s|["”’]\\s)\\s*(?:(?:so\\s+)?where(?:'s|\\s+is|\\s+was)?|(?:which|what) one|${TRAILING_ASK}|${BOOK_GUESSED})|\\s+(?:${TRAILING_ASK}|${BOOK_ASKED}${BOOK_NAMES}))\\s*[?.!]*\\s*$`,
  'i',
);

/** 'Who said ...' with the saying after it. */
const WHO_SAID = /^\s*who (?:said|says)\s+(?!that\b|this\b|it\b|so\b)/i;

/** The saying a where-question asks about: quoted words, else what follows its 'say', else what comes before a trailing 'where is that'. */
function sayingOf(question: string, quoted: string | undefined): string | null {
  if (quoted && quoted.trim().split(/\s+/).length >= 2) return quoted.trim();
  const m = SAYING_FRAME.exec(question);
  const trailing = TRAILING_WHERE.exec(question)?.[1]?.replace(/^\s*(?:somewhere it says|it says)\s+/i, '');
  // 'the battle is the lord's, who said that': the frame's 'said that' is the asking, not the saying.
  if (m?.[1] && !(trailing && m[1].trim().split(/\s+/).length < 2)) return m[1].trim();
  // Three words are enough before an asking that points back ('pray without ceasing where is that').
  if (trailing && trailing.split(/\s+/).length >= 3) return trailing.trim();
  // One sentence only: 'Is it true God is never mentioned in Esther? why is it even in the bible' asks about a book.
  const is = /^(?:is|isn't|was)\s+([^?.!]+?)\s+(?:in|from|a)\s+(?:the\s+)?(?:bible|scripture|verse)/i.exec(question);
  return is?.[1]?.trim() ?? null;
}

const FIRST_PERSON = /\b(?:i|i'm|im|i've|ive|my|me|we|our|us)\b/i;
const WHERE_IS_GOD = /\bwhere(?:'s|\s+is|\s+was)\s+god\b(?!\s+(?:mentioned|named|called|in the book))/i;

/**
 * 'We lost our baby at 12 weeks. Where is God in this?', 'Our daughter says she doesn't believe anymore. What did
 * we do wrong?': the reader's own trouble, though a 'where' or a 'says' made it look like a saying to find.
 */
function ownTrouble(question: string, classified: AskedKind, read: AskedKind): boolean {
  // 'who said here am i send me': the 'i' is the saying's.
  if (read !== 'where' || !FIRST_PERSON.test(question) || WHO_SAID.test(question)) return false;
  // 'I remember a verse that says ...' is still a verse to find.
  return (
    WHERE_IS_GOD.test(question) ||
    (classified === 'personal' &&
      !ASKS_WHERE.test(question) &&
      !/\b(?:verse|bible|scripture|passage|remember|quote)\b/i.test(question))
  );
}

const ORIGINAL_WORD =
  /\b(?:greek|hebrew|aramaic)\s+(?:word|term|verb|noun|for|behind|here|there)\b|\b(?:word|term|verb)\s+in\s+(?:the\s+)?(?:greek|hebrew)\b|\bmeans?\b.{0,40}\bin (?:the )?(?:original )?(?:greek|hebrew)\b/i;

/** Christian traditions, or traditions as such, named. */
/** A Christian tradition or church named ('do catholics and protestants read that differently?'): the traditions' readings. */
export const TRADITIONS_NAMED =
  /\b(?:denomination|tradition|churches|catholic|protestant|orthodox|baptist|lutheran|reformed|calvinis|arminian|pentecostal|anglican|methodist|jehovah'?s? witness|mormon)/i;

/** Terms a word question may use besides the word asked. */
const WORD_FRAME = new Set(indexTerms('mean means meaning word bible greek definition define biblical'));

/**
 * How much of the question's words (five or more of them) one verse holds at most, from 0.7 up (0 under it): the
 * readings that look for a remembered verse each set their own bar on it.
 */
function rememberedCoverage(question: string): number {
  const terms = new Set(indexTerms(question));
  // Words no verse has ('ibuprofen', 'cookie') weigh nothing in the search: they must be few for the words to be a verse's.
  if (terms.size < 5 || biblicalShare(question) < 0.8) return 0;
  return Math.max(0, ...searchVerses(question, 50, 0.7).map((h) => h.coverage));
}

/** Nothing asked, only words: 'pray without ceasing', 'I am the Alpha and the Omega, the First and the Last'. */
const ASKS_SOMETHING =
  /\?|^\s*(?:who|whom|whose|what|what's|whats|when|where|which|why|how|is|isn't|are|aren't|was|were|do(?!\s+not\b)|does|did|can|could|should|would|will|explain|tell|help|give|show|quote|please|pls|but|thanks?)\b/i;

/** Asking anywhere in it, not only at its start: 'turn the other cheek - does it mean ...', 'call me mara... thats how i feel'. */
const ASKS_ANYWHERE =
  /\?|\b(?:who|whom|whose|what|whats|when|where|which|why|how|does|did|do i|should|could|would|mean|means|meaning|meant|saying|getting at|explain|tell me|help me|please|pls)\b/i;

/** A trouble of the reader's own, told: 'my grandma died yesterday and i just feel numb', 'thats how i feel'. */
const OWN_TROUBLE_TOLD =
  /^\s*(?:i|i'?m|i'?ve|my|me|we|our)\b|\b(?:i feel|feel like|i'?m (?:so|just|really|not|always|still)|i'?ve been|i was|i just|i (?:do ?n[o']?t|can'?t|cant|never|hate|need|want|miss|lost))\b|\bmy (?:husband|wife|mom|mum|mother|dad|father|son|daughter|boss|kids?|children|family|marriage|job|church|pastor|friends?|sister|brother|grandma|grandpa|life|ex|boyfriend|girlfriend)\b/i;

/** The reader's own trouble in its words, wherever it starts: 'i hate how i look and i dont think god could love me'. */
const TROUBLE_WORDS =
  /\b(?:i feel|feel like|i'?m (?:so|just|really|not|always|still)|i'?ve been|i just|i (?:do ?n[o']?t|can'?t|cant|never|hate how|need help|miss))\b|\bmy (?:husband|wife|mom|mum|mother|dad|father|son|daughter|boss|kids?|children|family|marriage|job|pastor|friends?|sister|brother|grandma|grandpa|ex|boyfriend|girlfriend)\b/i;

/** Two accounts set side by side: 'matthew says hanged but acts says he fell', 'isnt psalm 14 the same as psalm 53'. */
const TWO_ACCOUNTS =
  /\b(?:says?|said|has|puts it|tells)\b[^.?!]*\b(?:but|while|whereas)\b[^.?!]*\b(?:says?|said|has|puts it|tells)\b|\b(?:same as|differ\w*|contradict\w*|compare[sd]?|vs\.?|versus|changes?|changed)\b/i;

/**
 * Another translation's words for one verse, which they single out: its terms are half or more of a verse's, and that
 * verse scores clearly above the next ('here on earth you will have many trials and sorrows ... i have overcome the world').
 */
function singlesOutVerse(question: string): boolean {
  if (indexTerms(question).length < 6 || biblicalShare(question) < 0.8) return false;
  const [top, next] = searchVerses(question, 2, 0.3);
  return (
    top !== undefined &&
    top.coverage >= 0.5 &&
    (next === undefined || top.score >= 1.2 * next.score || top.coverage - next.coverage >= 0.1)
  );
}

/** Whether the question's own words (three or more, its asking aside) are all the verse's, in the WEB or the KJV. */
function phraseIn(question: string, book: string, chapter: number, verse: number): boolean {
  const own = indexTerms(question).filter((t) => !WORD_FRAME.has(t));
  if (own.length < 3) return false;
  const terms = verseTerms(book, chapter, verse);
  return own.every((t) => terms.has(t));
}

/**
 * The reader's own life, said in the first person and then asked about: 'i walked away from god for years. would he
 * even take me back'. A saying given bare in the first person ('I can do all things through him') asks nothing after it.
 */
const OWN_LIFE_ASKED =
  /^\s*(?:i|i'm|im|i've|ive|i'd|my|me|we|we're|our|us)\b.*[.!?,;]\s*(?:so\s+|but\s+|and\s+)?(?:would|will|can|could|should|do|does|did|is|am|are|how|why|what)\b/i;

/** 'Looking for the verse: ...', 'the verse that goes ...': a verse to be found, not the one open. */
const ANOTHER_VERSE =
  /\b(?:looking for|trying to find|find|remember|recall|need|want) (?:the|a|that) (?:verse|passage|scripture)\b|\bthe (?:verse|passage|scripture|one) (?:that|which|where|about|with|goes|says|saying)\b|\bthe (?:verse|passage)\s*:/i;

/** 'explain john 3 16': a reader's chapter and verse with a space between, read as 'john 3:16' (the scanner then checks the book). */
const spacedReference = (question: string) =>
  question
    // 'matthew 6 verses 9 to 13', 'john chapter 3 verse 16': the chapter and verses as a reference.
    .replace(
      /\b((?:[1-3]\s?)?[a-z]+)\s+(?:chapter\s+)?(\d{1,3}),?\s+(?:verses?|vv?\.?)\s*(\d{1,3})(?:\s*(?:to|through|thru|-|–)\s*(\d{1,3}))?\b/gi,
      (_all, book: string, chapter: string, verse: string, end?: string) =>
        `${book} ${chapter}:${verse}${end ? `-${end}` : ''}`,
    )
    // 'proverbs 3 5 and 6': two verses of a chapter.
    .replace(/\b((?:[1-3]\s?)?[a-z]+)\s+(\d{1,3})\s+(\d{1,3})\s*(?:and|&|to|-)\s*(\d{1,3})\b/gi, '$1 $2:$3-$4')
    .replace(/\b((?:[1-3]\s?)?[a-z]+)\s+(\d{1,3})\s+(\d{1,3})\b(?!\s*[:.,]?\d)/gi, '$1 $2:$3');

/** 'Write it out', 'type out', 'word for word', 'the text of': the passage itself is wanted. */
const QUOTE_CUE =
  /\b(?:write|type|print|copy|spell) (?:it |them |that |this |the (?:whole |full )?(?:verse|passage|text) )?(?:all )?out\b|\bword for word\b|\bverbatim\b|\bthe (?:exact |full )?(?:text|wording|words) of\b|\b(?:quote|recite)\b/i;

export function understandQuestion(
  question: string,
  context: { book: string; chapter: number; verse: number | null },
): UnderstoodQuestion {
  const reading = classifyQuestion(question);
  const scanned = findReferences(spacedReference(question))
    .filter((r) => r.book && findAnyBook(r.book.id))
    .map((r) => ({
      book: r.book!.id,
      chapter: r.chapter,
      verse: r.verse,
      verseEnd: r.verseEnd,
      chapterEnd: r.chapterEnd,
    }));
  const places = [...scanned, ...versesOfChapter(spacedReference(question), context)];
  const translation = /\b(?:kjv|king james|authori[sz]ed version)\b/i.test(question)
    ? 'kjv'
    : /\b(?:web|world english)\b/i.test(question)
      ? 'web'
      : null;
  const quotedSaying = quotedIn(question)?.trim();
  const saying = sayingOf(question, quotedSaying);
  // A remembered saying with 'where' a close second is a where-question: the saying is the stronger sign.
  const words = lexiconWords(question);
  // 'Where is the verse the Spirit God gave us ...?' looks for a verse; it is not about the one open.
  const asksMeaning =
    /\b(?:explain|mean|means|meaning|meant|getting at|trying to say|(?:is|was|are) \w+ (?:saying|talking about))\b/i.test(
      question,
    ) && !ASKS_WHERE.test(question);
  const aboutThisVerse =
    /\b(?:this|that|the) (?:verse|passage|chapter)\b|\bhere\b/i.test(question) &&
    !ANOTHER_VERSE.test(question) &&
    !/^\s*(?:where|which)(?:'s|\s+is|\s+was|\s+can i find|\s+do i find)\s+(?:the|that) (?:verse|passage|part|story|chapter)\b(?!\s*[?.!]*\s*$)/i.test(
      question,
    );
  let remembered: number | undefined;
  const rememberedVerse = (coverage: number) => (remembered ??= rememberedCoverage(question)) >= coverage;
  const bareVerse =
    places.length === 0 &&
    // A trouble told in a verse's words is still that verse ('i have no greater joy than to hear that my children ...').
    (!TROUBLE_WORDS.test(question) || wordOrderShare(question) >= 0.5) &&
    ((!ASKS_SOMETHING.test(question) &&
      !asksMeaning &&
      // 'i walked away from god for years' is the reader's own life in everyday words, which some verse always shares:
      // a first-person one is a verse only word for word ('I am the Alpha and the Omega').
      ((!OWN_LIFE_ASKED.test(question) && rememberedVerse(0.75)) ||
        (wordsOfQuestion(question).length >= 3 &&
          (findPhrase(question, 1).length > 0 || findModernPhrase(question, 1).length > 0)))) ||
      // 'what is mankind that you are mindful of them, human beings that you care for them': a verse's words, not a follow-up.
      (['followup', 'offtopic', 'personal'].includes(reading.kind) &&
        !asksMeaning &&
        // 'How come Jonah ran away instead of going to Nineveh?' asks why, in words our note on Jonah 1:3 shares.
        !/^\s*(?:why|how come|how)\b/i.test(question) &&
        !OWN_LIFE_ASKED.test(question) &&
        indexTerms(question).length >= 6 &&
        rememberedVerse(0.7)) ||
      // Half its word pairs in a verse's order, whatever the classifier read: 'do not be conformed to this age but be
      // transformed by the renewing of your mind', 'who knows if perhaps you were made queen for such a time as this'.
      // Only words, nothing asked: 'what was the ark of the covenant' asks, though a verse has its words.
      (!ASKS_SOMETHING.test(question) &&
        reading.kind !== 'quote' &&
        reading.kind !== 'where' &&
        !asksMeaning &&
        !OWN_LIFE_ASKED.test(question) &&
        wordsOfQuestion(question).length >= 6 &&
        wordOrderShare(question) >= 0.5) ||
      // Nothing asked anywhere in it and no trouble of the reader's own: a saying remembered in another translation's words.
      (!ASKS_SOMETHING.test(question) &&
        !ASKS_ANYWHERE.test(question) &&
        !OWN_TROUBLE_TOLD.test(question) &&
        reading.kind !== 'quote' &&
        singlesOutVerse(question)));
  // 'revelation 21 4 in the web translation', 'eph 2 8-9 ... can you write it all out': a passage named, to be given.
  const quoteAsked =
    places.length > 0 &&
    !asksMeaning &&
    !/^\s*(?:why|how)\b/i.test(question) &&
    (QUOTE_CUE.test(question) || (translation !== null && !ASKS_ANYWHERE.test(question.replace(/\?\s*$/, ''))));
  const books = booksNamed(question, context.book);
  // Two books or passages, one of them perhaps the one open, set side by side in words of comparing.
  const accounts = new Set([...places.map((p) => p.book), ...books.map((b) => b.id), context.book]);
  const read = quoteAsked
    ? 'quote'
    : accounts.size + (places.length >= 2 ? 1 : 0) >= 2 &&
        TWO_ACCOUNTS.test(question) &&
        !TRADITIONS_NAMED.test(question)
      ? 'compare'
      : // Asking where quoted words are is a where-question by its form, however short the words ('Jesus wept'); so is a
        // saying followed by 'which psalm is that', or a verse's words given bare with nothing asked.
        (quotedSaying &&
            quotedSaying.split(/\s+/).length >= 2 &&
            reading.kind !== 'quote' &&
            ASKS_WHERE.test(question)) ||
          (places.length === 0 && TRAILING_WHERE.test(question) && saying !== null && reading.kind !== 'quote') ||
          // 'who said here am i send me': the saying's place, and so who said it.
          (places.length === 0 && WHO_SAID.test(question) && saying !== null && saying.split(/\s+/).length >= 3) ||
          bareVerse
        ? 'where'
        : saying &&
            saying.split(/\s+/).length >= 3 &&
            // 'Is Jesus saying rich people can't go to heaven?', 'Can you explain "I have been crucified with Christ"?'
            // ask what the words mean, not where they are.
            !/^\s*(?:is|was|are|were)\s+(?:\S+\s+){1,2}saying\b/i.test(question) &&
            !asksMeaning &&
            !aboutThisVerse &&
            reading.kind !== 'quote' &&
            // "When Jesus says 'this is my body', is it a symbol?" asks how the saying is read, not where it is;
            // 'is it true Esther never mentions God? what's the book about' asks about the book.
            reading.kind !== 'contested' &&
            reading.kind !== 'book' &&
            (reading.probabilities.get('where') ?? 0) >= 0.2
          ? 'where'
          : // 'Is grace the same as mercy?', 'agape or phileo?': two words of the lexicon set side by side.
            ['meaning', 'offtopic', 'who_what', 'compare', 'contested', 'why_how'].includes(reading.kind) &&
              words.length >= 2 &&
              places.length === 0 &&
              // 'Calvinism vs Arminianism: does God choose who is saved?' sets traditions side by side, not words.
              !TRADITIONS_NAMED.test(question) &&
              /\b(?:same as|difference between|different from|vs\.?|versus)\b|^\s*\S+\s+or\s+\S+\s*\?*\s*$/i.test(
                question,
              )
            ? 'word'
            : // 'What does propitiation mean?' asks about a word of the lexicon, not a verse; so does 'What does peace mean in
              // the Bible?', whatever follows it.
              (reading.kind === 'meaning' &&
                  places.length === 0 &&
                  words.some((w) =>
                    new RegExp(
                      `\\bwhat (?:does|do|is) (?:the word )?['"‘“]?${w.english}['"’”]? means? in (?:the )?(?:bible|scriptures?|new testament|old testament)\\b`,
                      'i',
                    ).test(question),
                  )) ||
                (reading.kind === 'meaning' &&
                  words.length > 0 &&
                  places.length === 0 &&
                  !aboutThisVerse &&
                  indexTerms(question).length <= 3 &&
                  // Only the word is asked: 'the valley of the shadow of death' is more than 'death'.
                  indexTerms(question).every(
                    (t) =>
                      WORD_FRAME.has(t) ||
                      words.some((w) => [w.english, ...w.aliases].some((f) => indexTerms(f).includes(t))),
                  )) ||
                // "What does 'wages' mean in this verse?", 'What kind of love is this?': one word asked about, wherever.
                ((reading.kind === 'meaning' || reading.kind === 'why_how') &&
                  ((quotedSaying !== undefined &&
                    /^[\p{L}'-]+$/u.test(quotedSaying) &&
                    /\b(?:mean|means|meaning|word|translated)\b/i.test(question)) ||
                    words.some((w) =>
                      new RegExp(
                        `\\bwhat (?:kind|sort|type) of (?:${[w.english, ...w.aliases].join('|')})\\b`,
                        'i',
                      ).test(question),
                    )))
              ? 'word'
              : // Words close to a verse's own, with 'where' in the running: a remembered verse the reader wants found.
                (reading.kind === 'meaning' ||
                    reading.kind === 'personal' ||
                    reading.kind === 'why_how' ||
                    reading.kind === 'who_what') &&
                  places.length === 0 &&
                  !aboutThisVerse &&
                  !(reading.kind === 'personal' && OWN_LIFE_ASKED.test(question)) &&
                  // 'Why is it so hard for a rich man to enter the kingdom?' is in a verse's words, and asks why.
                  !/^\s*(?:why|how come)\b/i.test(question) &&
                  (reading.probabilities.get('where') ?? 0) >= 0.1 &&
                  !asksMeaning &&
                  rememberedVerse(0.7)
                ? 'where'
                : // 'What does this verse say about love?' asks about the verse it points to, not where a saying is.
                  reading.kind === 'where' && aboutThisVerse && !(saying && saying.split(/\s+/).length >= 3)
                  ? 'meaning'
                  : reading.kind;
  // The words of the verse open, without asking where they are ('bring the whole tithe into the storehouse'): that verse is being read.
  // So with its meaning asked ('let justice roll down like waters, what is amos getting at' at Amos 5:24).
  const openVerseRead =
    (read === 'where' ||
      (asksMeaning &&
        read !== 'meaning' &&
        // 'When Paul talks about being justified freely by his grace, what does justified mean?' asks a word still.
        (read !== 'word' ||
          (indexTerms(question).length >= 5 &&
            !/\bwhat (?:does|do|is) (?:the word )?['"‘“]?[\p{L}-]+['"’”]? mean/iu.test(question))))) &&
    context.verse !== null &&
    !ASKS_WHERE.test(question) &&
    !TRAILING_WHERE.test(question) &&
    // Among the nearest three, found as a where-question finds them (the question's words, the saying's order):
    // 'when he says eat my flesh' is John 6:53 as much as 6:54 and 6:56.
    [
      ...searchVerses(saying ?? question, 3, read === 'where' ? 0.7 : 0.5),
      ...searchVerses(question, 3, 0.5, saying ?? question),
    ].some((v) => v.bookId === context.book && v.chapter === context.chapter && v.verse === context.verse);
  // 'great cloud of witnesses meaning' at Hebrews 12:1: a phrase of the verse open, more than its one word of the lexicon.
  const phraseOfOpenVerse =
    read === 'word' &&
    asksMeaning &&
    context.verse !== null &&
    phraseIn(question, context.book, context.chapter, context.verse);
  // 'Quote it', 'what's the next verse say?': the words of the verse open (the focus when none is named), or of its neighbour.
  const kind =
    asksWording(question) && scanned.length === 0
      ? 'quote'
      : openVerseRead || phraseOfOpenVerse
        ? 'meaning'
        : !bareVerse && ownTrouble(question, reading.kind, read)
          ? 'personal'
          : // 'another comforter - greek word pls': a word in the original, however the classifier read its few words.
            ['followup', 'meaning', 'offtopic', 'who_what'].includes(read) && ORIGINAL_WORD.test(question)
            ? 'word'
            : // 'Why did Jesus teach in parables instead of saying things plainly?': a why the classifier nearly read as one.
              read === 'meaning' &&
                /^\s*(?:why|how come)\b/i.test(question) &&
                (reading.probabilities.get('why_how') ?? 0) >= 0.25
              ? 'why_how'
              : read;
  const quoted = quotedSaying;
  const subject = dictionarySubject(question);
  // Two Gospels named in one question set accounts side by side, whatever else it asks.
  // 'John the Baptist' is a person, not the Gospel of John.
  const baptist = /\bJohn the Baptist\b/i.test(question) && !/\bJohn\b(?! the Baptist)/i.test(question);
  const gospels = books.filter((b) => isGospel(b.id) && !(b.id === 'john' && baptist)).length;
  // 'What's the point of Leviticus?', 'What is the book of Job about?': one book asked about as a whole.
  const wholeBook =
    books.length === 1 &&
    places.length === 0 &&
    (((kind === 'meaning' || kind === 'why_how' || kind === 'who_what' || kind === 'where') &&
      new RegExp(
        `\\b(?:point|purpose|theme|message|main idea|overview|summary)\\s+of\\s+(?:the\\s+)?(?:book\\s+of\\s+)?${books[0]!.name}\\b|\\bbook of ${books[0]!.name}\\b.*\\b(?:about|for|written|mean)\\b`,
        'i',
      ).test(question)) ||
      // 'give me an intro to lamentations', 'background on Philemon?': however the classifier read its few words.
      (kind !== 'quote' &&
        kind !== 'compare' &&
        new RegExp(
          `\\b(?:intro|introduction|overview|background|summary)\\s+(?:to|of|on|for)\\s+(?:the\\s+)?(?:book\\s+of\\s+)?${books[0]!.name}\\b`,
          'i',
        ).test(question)));
  // 'How do different denominations interpret the Lord's Supper?' compares traditions, not accounts.
  const traditionsCompared = kind === 'compare' && gospels < 2 && TRADITIONS_NAMED.test(question);
  // 'In 2 Samuel it says God incited David, here it's Satan. Which is right?': two passages set against each other.
  const contrasted =
    (books.length > 0 || places.length > 0 || /\bsays?\b.*\bbut\b.*\bsays?\b/i.test(question)) &&
    (kind === 'where' || kind === 'meaning' || kind === 'why_how') &&
    /\b(?:which (?:one )?is (?:right|correct|true)|contradict\w*|but here|here it(?:'s| is| says))\b/i.test(question);
  // 'is that the same in luke?', 'does mark have it too?' at a Gospel's verse: its account set beside another's.
  const sameInAnother =
    isGospel(context.book) &&
    books.some((b) => isGospel(b.id) && b.id !== context.book) &&
    ['followup', 'meaning', 'where', 'why_how', 'who_what'].includes(kind) &&
    /\b(?:same|too|also|as well|differ\w*|version|account|have it|tell it|told)\b/i.test(question);
  const subjects = dictionarySubjects(question, subject);
  // 'whats the difference between pharisees and sadducees': two of the dictionary's subjects, not two words of the lexicon.
  const subjectsSideBySide =
    subjects.length >= 2 &&
    words.length < 2 &&
    places.length === 0 &&
    (kind === 'word' || kind === 'meaning' || kind === 'who_what') &&
    SIDE_BY_SIDE.test(question);
  // 'what is psalm 51 about': a chapter named whole, asked about, is its meaning in short, not the dictionary's 'Psalm'.
  const chapterAbout =
    places.length === 1 &&
    places[0]!.verse === null &&
    (kind === 'who_what' || kind === 'book' || kind === 'why_how') &&
    /\b(?:about|summary|summarize|summarise|overview)\b/i.test(question);
  const compared =
    (gospels >= 2 && (kind === 'where' || kind === 'why_how' || kind === 'meaning')) ||
    contrasted ||
    sameInAnother ||
    subjectsSideBySide
      ? 'compare'
      : wholeBook
        ? 'book'
        : traditionsCompared
          ? 'contested'
          : chapterAbout
            ? 'meaning'
            : kind;
  return {
    text: question,
    kind: compared,
    confidence: reading.confidence,
    probabilities: reading.probabilities,
    places,
    translation,
    books,
    subject,
    subjects,
    words,
    saying,
    quoted: quoted && quoted.split(/\s+/).length >= 2 ? quoted : null,
    pointsAtVerse: aboutThisVerse,
  };
}
