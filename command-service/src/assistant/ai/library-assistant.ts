import type { CommunicationStyleValue } from '@lectio/contracts/assistant';
import { findAnyBook } from '@lectio/contracts/books';
import type { AskedPlace, EnglishGreekWord, UnderstoodQuestion, VerseHit } from '@lectio/library';
import {
  composeQuestionAnswer,
  dictionaryEntry,
  findPhrase,
  getVerses,
  findNamedPassage,
  getVerseText,
  GOSPELS,
  isGospel,
  indexTerms,
  scriptureParallelFor,
  lastVerse,
  matchBankQuestion,
  pastoralByWords,
  searchVerses,
  TRADITIONS_NAMED,
  understandQuestion,
  versesHolding,
  verseNote,
  verseTerms,
  quoteVerse,
} from '@lectio/library';
import { OfflineAnswer, SOURCES } from './offline/answer-kit';
import { aramaicAnswer } from './offline/aramaic-answer';
import { aboutBook } from './offline/book-introduction';
import { compareAccounts } from './offline/compare';
import { ECHO_ASKED, echoesOf } from './offline/echoes';
import { fromDictionary } from './offline/dictionary-answer';
import { explainFromLibrary, writtenAnswerAsked } from './offline/explain';
import { englishToGreek } from './offline/greek-words';
import { asksHebrew, hebrewWordAnswer } from './offline/hebrew-words';
import { pastoralAnswer, pastoralFor } from './offline/pastoral';
import {
  asksWhatIs,
  asksWordMeaning,
  headwordPattern,
  names,
  nearbyVerseAsked,
  speaks,
} from './offline/question-words';
import { placeOf, quotePassage } from './offline/quote';
import { summary } from './offline/summary';
import { traditions } from './offline/traditions';
import { noteOn, verseMeaning } from './offline/verse-meaning';
import { whereDoes } from './offline/where-does';
import { whoOrWhat } from './offline/who-what';
import { greekWordForAny, wordStudy } from './offline/word-study';
import type { AiAnswer, AiPort, AiQuestion, AnswerOptions } from './port';

/**
 * The offline library assistant (the default with no model configured): a free-text question is
 * first understood (library/src/questions/understand.ts: its kind by the trained classifier, its
 * subjects by the reference scanner and the dictionary's and lexicon's entries), then answered as
 * that kind from the library: a direct answer first, then the evidence with its sources (our text,
 * our introductions, parallels and pastoral answers, Easton, Abbott-Smith, Matthew Henry, Scofield,
 * Nave's, Strong's). A follow-up re-answers the previous question in its new light; a question not
 * about the Bible gets a kind decline. It says plainly that no model wrote it.
 */
export function createLibraryAssistant(): AiPort {
  return {
    source: 'library',
    metered: false,
    async prepare(question) {
      // A question close to one of ours gets our written answer as it is.
      const text = question.written ? question.written.answer : composeLibraryAnswer(question);
      return {
        promptTokensEstimate: 0,
        countTokens: () => 0,
        async answer(options: AnswerOptions): Promise<AiAnswer> {
          if (!options.readerSignal?.aborted) options.onDelta?.(text);
          return {
            text,
            source: 'library',
            usage: null,
            completed: true,
            readerLeft: options.readerSignal?.aborted ?? false,
          };
        },
      };
    },
  };
}

/** 'Why ...?', 'How come?': a question after reasons. */
const WHY = /^\s*(?:why|how so|how come)\b/i;

const DECLINE =
  "I can only help with the Bible and the passage you are reading, so I can't help with that. Ask me to quote a verse, what a verse or word means, where the Bible says something, who someone was, who wrote a book and when, how the Gospels' accounts differ, or how Christian traditions read a passage.";

/** The passage a question is about: the one it names, else the highlighted verse. */
function focusOf(u: UnderstoodQuestion, context: AiQuestion['context'], book: string): AskedPlace {
  return u.places[0] ?? { book, chapter: context.chapter, verse: context.verse, verseEnd: null, chapterEnd: null };
}

/**
 * Whether the question is plainly about something else: the classifier says so and it names no
 * passage, nor a book unless the classifier is sure ('Mark' is a name too), nor a dictionary
 * subject or word of the lexicon unless it is fairly sure ('What is the mark of the beast?').
 */
const offTopic = (u: UnderstoodQuestion, context: AiQuestion['context'], book: string) =>
  u.kind === 'offtopic' &&
  u.places.length === 0 &&
  !echoesVerse(u.text, book, context.chapter, context.verse) &&
  (u.books.length === 0 || u.confidence > 0.8) &&
  // A dictionary subject or lexicon word keeps a question the classifier doubts ('the capital of Egypt' is still declined).
  (u.words.length + (u.subject ? 1 : 0) === 0 || u.confidence > 0.5);

/** A question kept though the classifier read it as off-topic is answered as the kind it thought next likeliest. */
function nextLikeliest(u: UnderstoodQuestion): UnderstoodQuestion['kind'] {
  const [next] = [...u.probabilities].filter(([kind]) => kind !== 'offtopic').sort((a, b) => b[1] - a[1]);
  return next?.[0] ?? 'meaning';
}

/**
 * Whether the question takes two of the verse open's less common words, in the WEB or the KJV ('anoint the sick with
 * oil' at James 5:14, 'take no thought for the morrow' at Matthew 6:34), or is all in the verse's words with one of them
 * less common ('what does the lord require of you' at Micah 6:8): it is about it. Words in thousands of verses ('one',
 * 'go') say nothing alone: 'Job interview tips, I have one tomorrow' is not Job 1:1.
 */
function echoesVerse(text: string, book: string, chapter: number, verse: number | null): boolean {
  if (verse === null) return false;
  const own = verseTerms(book, chapter, verse);
  const terms = [...new Set(indexTerms(text))];
  const telling = terms.filter((t) => own.has(t) && versesHolding(t) < COMMON_IN_VERSES).length;
  return telling >= 2 || (telling === 1 && terms.length >= 2 && terms.every((t) => own.has(t)));
}

/**
 * Whether our note on the verse open speaks to the question: the question asks what it means (or names no dictionary
 * subject the verse itself has) and shares a telling word with the note or the verse ('what is the shema' at
 * Deuteronomy 6:4, 'what does it mean that we are made in gods image' at Genesis 1:27).
 */
function noteSpeaksTo(text: string, book: string, chapter: number, verse: number | null, u: UnderstoodQuestion) {
  const note = verse === null ? undefined : verseNote(book, chapter, verse);
  if (!note) return false;
  // Words quoted from another verse ("what does Jesus mean by 'I am the bread of life'" at John 1:1) ask about that one.
  const inVerse = verseTerms(book, chapter, verse!);
  // A word of the lexicon asked ('What does peace mean in the Bible?') is the word study's.
  if (u.words.some((w) => asksWordMeaning(text, w.english))) return false;
  // One word quoted ("the meaning of 'longsuffering'") asks the word, which the word study answers.
  if (u.quoted && (!u.quoted.trim().includes(' ') || indexTerms(u.quoted).some((t) => !inVerse.has(t)))) return false;
  if (
    !ASKS_MEANING.test(text) &&
    u.subject &&
    speaks(getVerseText('web', book, chapter, verse!) ?? '', u.subject.headword)
  )
    return false;
  const said = new Set([...inVerse, ...indexTerms([note.plain, note.note, ...note.keywords].join(' '))]);
  return indexTerms(text).some((t) => said.has(t) && !MEANING_FRAME.has(t) && versesHolding(t) < COMMON_IN_VERSES);
}

const ASKS_MEANING = /\b(?:mean|means|meaning|meant|explain|saying|getting at|understand|about)\b/i;
const MEANING_FRAME = new Set(indexTerms('mean meaning explain saying verse passage bible simple words understand'));

/** 'Any help from this verse?', 'it hurts to read this': the verse open is part of the question. */
const POINTS_AT_VERSE =
  /\b(?:this|that|the) (?:verse|passage|psalm|proverb|chapter)\b|\b(?:read|reading|says?) (?:this|that)\b|\bhere\b/i;

/** The verse open, quoted with our note's plain words on it, after a pastoral answer. */
function verseToTrouble(out: OfflineAnswer, book: string, chapter: number, verse: number): void {
  const note = verseNote(book, chapter, verse);
  out.add(
    `The verse you have open: ${quoteVerse(out.translation, book, chapter, verse)}${note ? ` ${note.plain}` : ''}`,
    out.bible(),
  );
}

/** A word in this many verses or more is too common to tie a question to a verse. */
const COMMON_IN_VERSES = 1500;

/** The offline answer to a free-text question: what it asks, answered from the library, with its sources listed. */
export function composeLibraryAnswer(question: AiQuestion): string {
  const { context, preferences, translation } = question;
  const book = findAnyBook(context.book);
  const out = new OfflineAnswer(preferences.communicationStyle ?? 'moderate', translation);
  if (!book) return out.add(DECLINE).text();
  const u = understandQuestion(question.text, context);
  const previous = question.earlier?.at(-1);
  if (previous && (isFollowUp(u, context) || storyFactAsked(u, context)) && !struggleTold(u, context))
    return followUp(question, previous, u);
  if (offTopic(u, context, book.id)) {
    // 'Who tricked the king into it?' after a question on Daniel points back at it: not a question to decline.
    if (previous && /\b(?:it|that|he|him|she|her|they|them|this)\b/i.test(u.text))
      return followUp(question, previous, u);
    return out.add(DECLINE).text();
  }
  const kept = u.kind === 'offtopic' ? { ...u, kind: nextLikeliest(u) } : u;
  // 'i think i did it. am i going to hell' after 'what is the unforgivable sin': the struggle is the previous question's too.
  // A trouble its own words name ('my mom just died. how is that supposed to be good') is answered on them alone.
  const asked =
    previous && kept.kind === 'personal' && /\b(?:it|that|this|those|them)\b/i.test(u.text) && !struggleTold(u, context)
      ? { ...question, text: `${previous.question} ${question.text}` }
      : question;
  answerAs(out, previous ? withEarlierSubject(kept, previous.question, question.context) : kept, asked, book.id);
  return out.text();
}

/** 'How were they different from the Sadducees?' after 'Who were the Pharisees?': the one it points back at is compared too. */
function withEarlierSubject(
  u: UnderstoodQuestion,
  previous: string,
  context: AiQuestion['context'],
): UnderstoodQuestion {
  if (u.kind !== 'compare' || u.subjects.length !== 1 || !/\b(?:they|them|he|him|she|her|it)\b/i.test(u.text)) return u;
  const earlier = understandQuestion(previous, context).subject;
  return earlier && earlier.headword !== u.subjects[0]!.headword ? { ...u, subjects: [earlier, ...u.subjects] } : u;
}

/** 'Can you make it simpler?', 'Explain that like I'm five': the previous answer again, in plainer words. */
const SIMPLER =
  /\b(?:simpl|plain|easier|(?:to|for|like) (?:a )?(?:child|kid)|(?:i['’]?m|i am) (?:five|5|a child|a kid)|eli5|short(?:er)? (?:answer|version)|(?:keep|make) it short|shorter|in short|brief|one sentence|sentence or two|few words|nutshell|tl;?dr|lost|confus|don'?t (?:get|understand|follow)|huh)/i;

/**
 * With an earlier turn, a question is a follow-up when the classifier reads it so, or thinks it
 * likely and it brings no subject of its own (no passage, book, person or word).
 */
function isFollowUp(u: UnderstoodQuestion, context: AiQuestion['context']): boolean {
  if (u.kind === 'followup') return true;
  // 'Does it show up anywhere besides the psalms?': where else the last answer's subject is, not a saying to find.
  if (
    !u.quoted &&
    /\b(?:it|that|this word|this)\b/i.test(u.text) &&
    /\b(?:else|besides|elsewhere|other than|apart from)\b/i.test(u.text)
  )
    return true;
  // 'Where does Paul use it?', "where's that from in the old testament?": where else the verse is, not a saying to find;
  // 'but the very next verse says to answer him??': the verse beside the open one.
  if (u.places.length === 0 && ECHO_ASKED.test(u.text)) return true;
  // 'but the very next verse says to answer him??', 'what does the verse right after say': a neighbour of the open verse.
  if (
    context.verse !== null &&
    u.places.length === 1 &&
    u.places.some(
      (p) =>
        p.book === context.book && p.chapter === context.chapter && Math.abs((p.verse ?? 0) - context.verse!) === 1,
    )
  )
    return true;
  // 'Is that the same guy who wrote one of the gospels?': the one just asked about, whatever else it names.
  if (u.places.length === 0 && SAME_ONE.test(u.text) && /\b(?:that|this|he|she|him|her|they|it)\b/i.test(u.text))
    return true;
  // 'I'm new to this, can you make it simpler?' asks for the last answer again, whatever else its words suggest.
  if (u.places.length === 0 && u.books.length === 0 && SIMPLER.test(u.text) && /\b(?:it|that|this)\b/i.test(u.text))
    return true;
  // A word the lexicon reaches from another form ('know' reaches 'knowledge') is not a subject the reader named.
  const words = u.words.filter((w) => names(u.text, w.english, 'iu'));
  // A subject counts when the question names it as the dictionary does: 'a different number' does not name the book of Numbers.
  // 'Which city was he from?' names no subject: the dictionary's 'City' is a word anyone asking about anyone uses.
  const subject =
    u.subject !== null &&
    !PLAIN_HEADWORDS.has(u.subject.headword.toLowerCase()) &&
    names(u.text, headwordPattern(u.subject.headword), 'iu', true);
  const own = u.places.length + u.books.length + words.length + (subject ? 1 : 0);
  // A short question with nothing of its own ('And why?', 'What should I do then?') leans on the last answer,
  // as does one that points back at it ('How does that apply to me?'; 'this verse' is the highlighted one).
  const pointsBack =
    /\b(?:that|it|those|them|he|she|they|this one)\b/i.test(u.text) &&
    !/\b(?:this|that|the) (?:verse|passage|chapter|book|story)\b/i.test(u.text);
  // A short why with nothing of its own ('Why don't we know for sure?') asks for the last answer's reasons.
  const why = WHY.test(u.text) && indexTerms(u.text).length <= 4;
  // 'How many are there?' after 'What is the fruit of the Spirit?': nothing of its own, and no kind the classifier is sure of.
  const unsure = u.confidence < 0.8 && indexTerms(u.text).length <= 6;
  return (
    own === 0 &&
    ((u.probabilities.get('followup') ?? 0) > 0.15 || indexTerms(u.text).length <= 2 || pointsBack || why || unsure)
  );
}

/**
 * 'My mom just died. how is that supposed to be good', 'so am i supposed to let my husband hit me??': a reader's own
 * trouble, told after an answer, is answered for itself (with the previous question's words), not as more of that answer.
 */
function struggleTold(u: UnderstoodQuestion, context: AiQuestion['context']): boolean {
  return (
    u.kind === 'personal' &&
    /\b(?:i|i'?m|my|me)\b/i.test(u.text) &&
    pastoralByWords(u.text, { book: context.book, chapter: context.chapter, verse: context.verse }) !== undefined
  );
}

/**
 * With an earlier turn, a fact asked of the story just discussed, pointing back at it ('what was the story nathan told
 * him', 'where was elijah when this happened', 'what question started the whole parable'), though it names a person
 * of its own: the story's verses answer it before the dictionary does.
 */
function storyFactAsked(u: UnderstoodQuestion, context: AiQuestion['context']): boolean {
  if (
    u.places.length > 0 ||
    u.books.length > 0 ||
    ['where', 'quote', 'personal', 'contested'].includes(u.kind) ||
    !FACT_QUESTION.test(u.text)
  )
    return false;
  if (
    /\b(?:him|her|them|he|she|they|his|their|its|this|that|it)\b|\bthe (?:whole )?(?:story|parable|miracle|vision|dream|battle|fight|prophecy)\b/i.test(
      u.text,
    )
  )
    return true;
  // 'how did solomon figure out who the real mom was' at 1 Kings 3:16, 'what were the three guys' names': no one new, or
  // one the story around the verse open names; 'who was moses?' asked at Matthew 2 is a question of its own.
  const subject = u.subject && !PLAIN_HEADWORDS.has(u.subject.headword.toLowerCase()) ? u.subject.headword : null;
  if (subject === null) return true;
  const name = headwordPattern(subject);
  return [context.chapter - 1, context.chapter, context.chapter + 1].some((c) =>
    getVerses('web', context.book, c).some((v) => names(v.text, name, 'iu')),
  );
}

/**
 * A follow-up re-answers the previous question in its new light: more simply when asked, with the
 * passage it now names, or its why; never the previous answer again word for word.
 */
function followUp(question: AiQuestion, previous: { question: string; answer: string }, u: UnderstoodQuestion): string {
  const simpler = SIMPLER.test(question.text);
  // 'Why?' asks for the reasons behind the answer: the deeper answer, which gives them.
  const why = WHY.test(question.text);
  const deeper = /\b(?:more|deeper|detail|elaborate|expand|go on|unpack|further)\b/i.test(question.text) || why;
  const chosen = question.preferences.communicationStyle ?? 'moderate';
  // A reader who chose plain words keeps them when asking why; only 'more', 'deeper' changes that.
  const style = simpler ? 'simple' : deeper && !(why && chosen === 'simple') ? 'scholarly' : chosen;
  const before = understandQuestion(previous.question, question.context);
  // What the follow-up names of its own ('what about verse 7?', 'and Nicodemus?') replaces the previous question's;
  // a word it only happens to use ('put that in a sentence', 'in today's money') does not.
  const named = (headword: string) => names(question.text, headword, 'u', true);
  // 'And faith?', 'What about 2 Peter?' name the follow-up's own subject however the classifier reads them.
  const whatAbout = /^\s*(?:and|but|or|what about|how about|and what about)\b/i.test(question.text);
  // 'How is that different from mercy?' after 'What is grace?': the new word set beside the previous one.
  const contrast = /\b(?:differ\w*|same (?:as|thing as)|compared? (?:to|with)|vs\.?|versus|unlike)\b/i.test(
    question.text,
  );
  const own = u.kind !== 'followup' || whatAbout || contrast;
  // 'and who is nicodemus that jesus is talking to': a person asked about by name, however typed.
  const whoAsked = /\bwho (?:is|was|were|are)\b/i.test(question.text);
  const subject =
    u.subject &&
    own &&
    (named(u.subject.headword) || (whoAsked && names(question.text, u.subject.headword, 'iu', true)))
      ? u.subject
      : null;
  const words = own ? u.words.filter((w) => named(w.english)) : [];
  const books = own ? u.books : [];
  const ownSubject = u.places.length + books.length + words.length + (subject ? 1 : 0) > 0;
  // 'How do I actually do that?': the practice; 'Where else does the Bible say that?': the rest of Scripture.
  const applied =
    /\b(?:apply|applies|application|my life|for me|for us|today(?!'s)|in practice|into practice|real life|do about|this week|how (?:do|can|should) I)\b/i.test(
      question.text,
    );
  const elsewhere =
    /\b(?:where else|elsewhere|anywhere else|anywhere besides|besides|other (?:verses|passages|places)|cross[- ]?ref\w*|same thing|similar)\b/i.test(
      question.text,
    );
  // 'Why does that matter in this chapter?': the previous question, asked of the passage open.
  // A bare 'here' ('I'm lost here') points at the previous answer when that was on another passage.
  const here =
    u.places.length === 0 &&
    (/\b(?:this|the) (?:chapter|verse|passage)\b/i.test(question.text) ||
      (before.places.length === 0 && /\bhere\b/i.test(question.text)))
      ? [focusOf(u, question.context, question.context.book)]
      : [];
  // 'What does that word mean in Greek?', 'and the Hebrew?': the words of the passage in the original.
  const original = /\b(?:greek|hebrew|aramaic|original (?:language|word|text)|in the original)\b/i.test(question.text);
  // 'what happened to judas after that' after 'Why did Judas betray Jesus?': the person both name, asked about for himself.
  const samePerson =
    before.subject !== null &&
    before.kind !== 'who_what' &&
    u.kind === 'followup' &&
    !simpler &&
    !deeper &&
    !applied &&
    !elsewhere &&
    names(question.text, before.subject.headword, 'iu', true);
  // 'Is that the same guy who wrote one of the gospels?' after 'Who is Levi?': who he is, again, with that in view.
  const sameAs = before.subject !== null && u.places.length === 0 && SAME_ONE.test(question.text);
  const now: UnderstoodQuestion = {
    ...before,
    places: u.places.length ? u.places : here.length ? here : before.places,
    books: books.length ? books : before.books,
    words: contrast
      ? [...before.words, ...words.filter((w) => !before.words.includes(w))]
      : words.length
        ? words
        : before.words,
    subject: subject ?? before.subject,
    subjects: subject ? [subject, ...before.subjects.filter((s) => s.headword !== subject.headword)] : before.subjects,
    translation: u.translation ?? before.translation,
    // 'Why?' after a question on a verse asks for its reasons; after one on a book, a person or a word, that answer again in the new light.
    kind:
      u.places.length > 0
        ? 'meaning'
        : TRADITIONS_NAMED.test(question.text)
          ? 'contested'
          : BOOK_ASKED.test(question.text)
            ? 'book'
            : original
              ? 'word'
              : contrast && before.words.length > 0 && words.some((w) => !before.words.includes(w))
                ? 'word'
                : contrast && subject && before.subject && subject.headword !== before.subject.headword
                  ? 'compare'
                  : why &&
                      ['meaning', 'why_how', 'personal', 'followup', 'offtopic', 'quote', 'where'].includes(before.kind)
                    ? 'why_how'
                    : applied && !ownSubject
                      ? 'personal'
                      : samePerson || sameAs || (subject && whoAsked)
                        ? 'who_what'
                        : // 'How did he die?' after 'Who was John the Baptist?' is still about him: a how or who of its own needs a subject of its own.
                          u.kind !== 'followup' &&
                            u.confidence > 0.6 &&
                            !why &&
                            !elsewhere &&
                            (ownSubject || (u.kind !== 'why_how' && u.kind !== 'who_what'))
                          ? u.kind
                          : ['followup', 'offtopic', 'quote', 'where'].includes(before.kind)
                            ? 'meaning'
                            : before.kind,
  };
  const book = findAnyBook(question.context.book)!;
  const out = new OfflineAnswer(style, question.translation);
  out.add(
    simpler ? `Put simply, on your question '${previous.question}':` : `More on your question '${previous.question}':`,
  );
  // 'Where does Paul use it?', 'where is he in Genesis?': the verse's echoes, or the person's verses, in the part named.
  const verseOpen = question.context.verse;
  if (
    u.places.length === 0 &&
    verseOpen !== null &&
    ECHO_ASKED.test(question.text) &&
    !TRADITIONS_NAMED.test(question.text) &&
    echoesOf(
      out,
      question.text,
      u.books.map((b) => b.id),
      before.subject?.headword ?? null,
      {
        book: book.id,
        chapter: question.context.chapter,
        verse: verseOpen,
      },
    )
  )
    return out.text();
  // 'What about the other gospels?' after 'Who wrote Matthew?': the same asked of the other three.
  const gospelBefore = before.books.find((b) => isGospel(b.id));
  if (before.kind === 'book' && gospelBefore && /\bother (?:three |3 )?gospels\b/i.test(question.text)) {
    for (const g of GOSPELS.filter((id) => id !== gospelBefore.id)) aboutBook(out, previous.question, g);
    return out.text();
  }
  // "What's the Greek?" after 'what does born again mean' at John 3:3: the Greek behind the words asked before, in the
  // verse open, when they have their own tag there (ánōthen), not every word of the verse.
  const phraseBefore = words.length === 0 && u.places.length === 0 ? meaningAsked(previous.question) : null;
  if (
    original &&
    phraseBefore &&
    verseOpen !== null &&
    greekWordForAny(phraseBefore, book.id, question.context.chapter, verseOpen)
  ) {
    wordStudy(out, phraseBefore, book.id, question.context.chapter, verseOpen);
    return out.text();
  }
  // The previous question had our written answer (the bank's, a pastoral one, one to a common question): it again,
  // written for the new light (a plainer or a deeper style).
  const asked = writtenAnswerAsked(previous.question);
  const written =
    (now.kind === before.kind || applied || elsewhere) && !ownSubject
      ? (matchBankQuestion(previous.question, book.id, question.context.chapter) ?? (asked ? { entry: asked } : null))
      : null;
  // 'What about the older brother?' after our written answer on the prodigal son: what that answer says of it, first.
  const onIt =
    !written && whatAbout && u.places.length === 0 && books.length === 0
      ? sentencesOn(previous.question, question.text, book.id, question.context.chapter, style)
      : [];
  if (onIt.length) out.add(onIt.join(' '), SOURCES.written);
  // 'How did he die?', 'Where was he from?', 'How many became believers that day?': a fact asked of the previous
  // subject is often in the verse the reader has open (2 Samuel 18:9, Acts 9:11, Acts 2:41), so it comes first.
  const open = question.context.verse;
  const factAsked =
    !simpler &&
    !deeper &&
    !applied &&
    !elsewhere &&
    !onIt.length &&
    u.places.length === 0 &&
    !BOOK_ASKED.test(question.text) &&
    !TRADITIONS_NAMED.test(question.text) &&
    FACT_QUESTION.test(question.text);
  // The verses around it too: 'who was the other candidate?' at Acts 1:26 is answered in 1:23, 'who betrayed him?'
  // at Judges 16:17 in 16:18.
  const next = NEXT_EVENT.test(question.text);
  // Further on in the story, when its words are there: 'how long did it rain?' after 'how big was the ark?' at
  // Genesis 6:14 is Genesis 7:12; 'what did Moses do when he saw it?' at Exodus 32:4 is 32:19.
  const further = factAsked && open !== null && !next ? factFurtherOn(question, previous.question, book, open) : [];
  // 'What happened to him after?' after 'Why did Judas betray Jesus?': the end of his story in the book (Matthew 27:3-5).
  const followed = next && u.subject && named(u.subject.headword) ? u.subject : next ? before.subject : null;
  const end =
    factAsked && followed && open !== null
      ? lastMention(book, question.context.chapter, open, followed.headword)
      : null;
  if (end) further.push(end);
  if (factAsked && open !== null)
    quotePassage(
      out,
      {
        book: book.id,
        chapter: question.context.chapter,
        // 'What happened next?': the verses after it.
        verse: next ? open + 1 : Math.max(1, open - 3),
        verseEnd: Math.min(lastVerse(book.id, question.context.chapter), open + (next ? 6 : 2)),
        chapterEnd: null,
      },
      question.translation,
    );
  for (const passage of further) quotePassage(out, passage, question.translation);
  // Our note on the open verse gives its setting (who spoke to whom, when, what came of it): 'who was god saying it to
  // originally' at 2 Chronicles 7:14, 'how many were there' of the wise men.
  if (factAsked && open !== null) noteOn(out, book.id, question.context.chapter, open);
  if (written && before.kind !== 'quote' && before.kind !== 'where') {
    // 'How does that apply to me?': the answer written for a growing believer carries the practice; a mature
    // Christian's carries the rest of Scripture.
    const journey = simpler
      ? 'new_to_christianity'
      : deeper
        ? 'bible_scholar'
        : applied
          ? 'growing_believer'
          : elsewhere
            ? 'mature_christian'
            : question.preferences.faithJourney;
    out.add(
      composeQuestionAnswer(written.entry, journey, style, {
        book: book.id,
        chapter: question.context.chapter,
        translation: question.translation,
      }),
      SOURCES.written,
    );
  } else
    answerAs(
      out,
      now,
      {
        ...question,
        // The follow-up's own words join the previous question's only when they add to it: 'explain that like I'm five' would pull in other material.
        // 'What are the Hebrew words behind that?' asks the verse's words, not the original of a word the previous question used ('god').
        text:
          original && /\bwords\b/i.test(question.text) && words.length === 0
            ? question.text
            : ownSubject ||
                why ||
                applied ||
                original ||
                BOOK_ASKED.test(question.text) ||
                TRADITIONS_NAMED.test(question.text)
              ? `${previous.question} ${question.text}`
              : previous.question,
        preferences: { ...question.preferences, communicationStyle: style },
      },
      book.id,
    );
  let text = out.text();
  // The same material in the same style would repeat itself: then the other style's answer.
  if (stripped(text) === stripped(previous.answer)) {
    const other = new OfflineAnswer(style === 'simple' ? 'moderate' : 'simple', question.translation);
    other.add(`Said another way, on your question '${previous.question}':`);
    answerAs(other, now, question, book.id);
    text = other.text();
  }
  return text;
}

/**
 * The verses of the story around the open one (a chapter before, two after) that best hold a fact follow-up's words,
 * each with a verse either side, leaving out the verses next to the open one, which are quoted anyway: those holding
 * the follow-up's own words first, then those holding them with the previous question's ('who was her husband' after
 * 'what did david do wrong with bathsheba'); none when nothing clears the bar.
 */
function factFurtherOn(
  question: AiQuestion,
  previous: string,
  { id: book, chapters }: { id: string; chapters: number },
  open: number,
): (AskedPlace & { verseEnd: number })[] {
  const { chapter } = question.context;
  const within = {
    book,
    fromChapter: Math.max(1, chapter - 1),
    toChapter: Math.min(chapters, chapter + 2),
    except: { chapter, from: open - 3, to: open + 2 },
  };
  // The follow-up's own words decide ('how long did it rain?' must find rain); the story's chapters keep it to the story.
  const own = searchVerses(question.text, 10, 0.5, undefined, within);
  const withBefore = searchVerses(`${question.text} ${previous}`, 10, 0.5, undefined, within);
  // A verse holding the follow-up's words and the previous question's both ('what did moses do when he saw it' after
  // 'why did aaron make a golden calf': 32:19, where he sees the calf) ranks first; a story goes on, so later and nearer
  // verses rank above earlier and further ones.
  const ownBest = own[0]?.score ?? 1;
  const beforeBest = withBefore[0]?.score ?? 1;
  const rank = new Map<string, { hit: VerseHit; rank: number }>();
  const onward = (h: VerseHit) =>
    (h.chapter > chapter || (h.chapter === chapter && h.verse > open) ? 0.2 : 0) + (h.chapter === chapter ? 0.2 : 0);
  for (const h of own) rank.set(h.reference, { hit: h, rank: h.score / ownBest + onward(h) });
  for (const h of withBefore) {
    const r = rank.get(h.reference);
    rank.set(h.reference, { hit: h, rank: (r?.rank ?? onward(h)) + (0.5 * h.score) / beforeBest });
  }
  const hits: VerseHit[] = [];
  for (const { hit: h } of [...rank.values()].sort((a, b) => b.rank - a.rank))
    if (hits.length < 2 && !hits.some((k) => k.chapter === h.chapter && Math.abs(k.verse - h.verse) <= 2)) hits.push(h);
  return hits
    .sort((a, b) => a.chapter - b.chapter || a.verse - b.verse)
    .map((hit) => ({
      book,
      chapter: hit.chapter,
      verse: Math.max(1, hit.verse - 1),
      verseEnd: Math.min(lastVerse(book, hit.chapter), hit.verse + 1),
      chapterEnd: null,
    }));
}

/**
 * The last verse of the book naming someone, with two verses either side, when it is further on than the verses after
 * the open one that a 'what happened next' quotes anyway: where the book leaves them.
 */
function lastMention(
  { id: book, chapters }: { id: string; chapters: number },
  chapter: number,
  open: number,
  headword: string,
): (AskedPlace & { verseEnd: number }) | null {
  const pattern = headwordPattern(headword);
  for (let c = chapters; c >= chapter; c--) {
    const verses = getVerses('web', book, c);
    const last = verses.findLast((v) => names(v.text, pattern, 'iu'));
    if (!last) continue;
    if (c === chapter && last.number <= open + 6) return null;
    return {
      book,
      chapter: c,
      verse: Math.max(1, last.number - 2),
      verseEnd: Math.min(verses.length, last.number + 2),
      chapterEnd: null,
    };
  }
  return null;
}

/** Dictionary headwords that are everyday words, not a subject of their own. */
const PLAIN_HEADWORDS = new Set(
  'city man woman child children name day time place people house land year years son daughter king wife husband mother father brother sister animal'.split(
    ' ',
  ),
);

/** 'The same guy', 'the same person as', 'the same one who': whether the one just asked about is another. */
const SAME_ONE =
  /\b(?:same|another|different) (?:guy|person|man|woman|one|people|fellow|lady|character|king|prophet|herod|john|james|mary|judas|simon|joseph)\b/i;

/** 'This Ethiopian guy', 'that rich young man', 'this woman': a person the verse open is about ('the first man' is not). */
const THIS_PERSON =
  /\b(?:this|that) (?:\w+ ){0,2}(?:guy|man|woman|person|fellow|lady|dude|girl|boy|official|eunuch)\b/i;

/** 'The young man holding the coats', 'the woman who touched his cloak': someone described, perhaps in the verse open. */
const THE_PERSON =
  /\bthe (?:\w+ ){0,2}(guy|man|woman|person|fellow|lady|girl|boy|official|servant|soldier|king|prophet|child) (?:who|that|holding|with|at|in|on|by|sitting|standing)\b/i;

/** 'Who wrote it?', 'when was this written?': the book's introduction. */
const BOOK_ASKED =
  /\bwho (?:wrote|authored|penned) (?:it|this|that|the book)\b|\bwhen was (?:it|this|that|the book) written\b/i;

const NEXT_EVENT =
  /\bwhat happen\w* (?:to (?:him|her|them|\w+) )?(?:next|after|then)\b|\bwhat did (?:he|she|they|god|jesus|\w+) do (?:to (?:him|her|them|\w+) )?(?:next|then|after|afterwards?)\b|\bwhat comes next\b|\bthen what\b/i;

/** A follow-up asking a fact: who, where, when, which, how many or long, how did, what happened. */
const FACT_QUESTION =
  /\b(?:who|whom|whose|where|when|which|how (?:many|much|long|old|far|did|was|were|does|do)|what (?:happened|did|was|were|is|\w+ed|\w+ \w+ed)|(?:did|does|do|was|were) (?:it|he|she|they|that|this|anyone|anybody) (?:ever |actually |really )?\w+)\b/i;

/** Terms of a follow-up that name no subject ('what about', 'the'). */
const FOLLOW_UP_FRAME = new Set(indexTerms('and but or what about how about then so also too again'));

/** The sentences of our written answer to the previous question that speak of what the follow-up asks about. */
function sentencesOn(
  previous: string,
  followUpText: string,
  book: string,
  chapter: number,
  style: CommunicationStyleValue,
): string[] {
  const entry = matchBankQuestion(previous, book, chapter)?.entry ?? writtenAnswerAsked(previous);
  const terms = indexTerms(followUpText).filter((t) => !FOLLOW_UP_FRAME.has(t));
  if (!entry || terms.length === 0) return [];
  // Every reader's version of it: what one leaves out another may say.
  const text = (['new_to_christianity', 'growing_believer', 'mature_christian', 'bible_scholar'] as const)
    .map((journey) => composeQuestionAnswer(entry, journey, style, { book, chapter, translation: 'web' }))
    .join(' ');
  const sentences = [
    ...new Set((text.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+(?:["”’)]+)?/g) ?? []).map((x) => x.trim())),
  ];
  const shared = (sentence: string) => {
    const has = new Set(indexTerms(sentence));
    return terms.filter((t) => has.has(t)).length;
  };
  const most = Math.max(0, ...sentences.map(shared));
  // Every term, or all but one of three or more: 'the older brother' finds 'the elder brother'.
  if (most === 0 || most < terms.length - (terms.length >= 2 ? 1 : 0)) return [];
  // The sentences naming all of it first, then those naming all but one, in the answer's order.
  return [
    ...sentences.filter((sentence) => shared(sentence) === most),
    ...sentences.filter((sentence) => most > 1 && shared(sentence) === most - 1),
  ].slice(0, 4);
}

const stripped = (s: string) => s.replace(/^.*\n\n.*\n\n/, '');

/** One kind of question answered into `out`. */
function answerAs(out: OfflineAnswer, u: UnderstoodQuestion, question: AiQuestion, book: string): void {
  const { context } = question;
  const at = focusOf(u, context, book);
  const verse = at.verse ?? context.verse;
  const deep = out.style === 'scholarly' || question.preferences.faithJourney === 'bible_scholar';
  // 'What language is talitha koum?': the Aramaic the Gospels keep, named.
  if (['word', 'meaning', 'who_what', 'followup', 'offtopic'].includes(u.kind) && aramaicAnswer(out, question.text, at))
    return;
  // A word's Hebrew: asked for, named ('hesed'), or a word of an Old Testament verse (offline/hebrew-words.ts).
  if (asksHebrew(u.kind, question.text, at.book) && hebrewWordAnswer(out, question.text, at.book, at.chapter, verse))
    return;
  switch (u.kind) {
    case 'quote': {
      // 'What's the shortest verse in the Bible? Quote it': the passage known by that name.
      const [named] = u.places.length === 0 ? (findNamedPassage(question.text)?.places ?? []) : [];
      const quoted = (named ? placeOf(named) : null) ?? at;
      if (!quotePassage(out, quoted, u.translation ?? out.translation))
        verseMeaning(out, at.book, at.chapter, verse ?? 1, false);
      return;
    }
    case 'where':
      whereDoes(out, question.text, u.saying ?? question.text, u.quoted);
      return;
    case 'who_what': {
      // 'Who was this Ethiopian guy?' at Acts 8:27: the person in the verse, not Easton's country ('where is the story
      // of that rich man?' looks for a passage).
      // 'Who was the young man holding everyone's coats?' at Acts 7:58: the one the verse open names ('a young man named Saul').
      const described = THE_PERSON.exec(question.text)?.[1];
      if (
        (THIS_PERSON.test(question.text) ||
          (described !== undefined &&
            context.verse !== null &&
            new RegExp(`\\b${described}\\b`, 'i').test(
              getVerseText('web', at.book, at.chapter, context.verse) ?? '',
            ))) &&
        !/^\s*(?:where|which)\b/i.test(question.text) &&
        u.places.length === 0 &&
        context.verse !== null
      )
        return verseMeaning(out, at.book, at.chapter, context.verse, deep);
      if (u.subject) {
        fromDictionary(out, u.subject, at);
        // A theological word is a dictionary subject and a Greek word: 'What is propitiation?' reaches hilasmos too.
        const same = u.words.filter((w) =>
          u.subject!.headword.toLowerCase().startsWith(w.english.toLowerCase().slice(0, 5)),
        );
        if (same.length) englishToGreek(out, same);
        // And what our written answers or the commentaries say of it, above the bar (not for the simple style: Easton's is enough).
        if (!out.simple) explainFromLibrary(out, question.text, question.preferences);
        return;
      }
      // 'Who is speaking here?': the verse itself, and Henry on it, say.
      if (u.places.length > 0 || /\b(?:here|this|these)\b/i.test(question.text))
        return verseMeaning(out, at.book, at.chapter, verse ?? 1, deep);
      if (u.words.length && englishToGreek(out, u.words)) return;
      if (whoOrWhat(out, question.text, at.book, at.chapter, verse)) return;
      if (!explainFromLibrary(out, question.text, question.preferences))
        verseMeaning(out, at.book, at.chapter, verse ?? 1, deep);
      return;
    }
    case 'word': {
      // "What is the word for 'reasonable service' in Romans 12:1?": the verse's own tag for a phrase quoted, when it has one
      // (a single word our map knows, 'justified', gets the map's fuller note below).
      const quotedWords = wordAsked(question.text);
      if (
        quotedWords?.includes(' ') &&
        // The passage named, or the verse open when no word of the lexicon is named outside the phrase ("the greek word
        // for 'reasonable service'" at Romans 12:1; "which Greek word for love is used in 'God is love'?" asks 'love').
        (u.places.length > 0 ||
          !u.words.some((w) => names(question.text.replace(quotedWords, ' '), w.english, 'iu'))) &&
        verse !== null &&
        greekWordForAny(quotedWords, at.book, at.chapter, verse)
      )
        return wordStudy(out, quotedWords, at.book, at.chapter, verse);
      // 'What is a talent in this parable?': the thing asked about is the dictionary's, not the lexicon's 'parable'.
      const thing = u.subject;
      if (
        thing &&
        (asksWhatIs(question.text, thing.headword) ||
          // 'What does hallelujah mean?': a word the lexicon map lacks and the dictionary explains.
          (u.words.length === 0 && asksWordMeaning(question.text, thing.headword))) &&
        !u.words.some((w) => w.english.toLowerCase() === headwordPattern(thing.headword).toLowerCase())
      )
        return fromDictionary(out, thing);
      // "What does 'debts' mean in the Lord's prayer?": a word quoted is the word asked, not another the question uses ('prayer').
      const single = /["“‘']([\p{L}-]+)["”’']/u.exec(question.text)?.[1]?.toLowerCase() ?? null;
      const words = single
        ? u.words.filter((w) => formNamed(single, w) !== w.english || names(single, w.english, 'i'))
        : u.words;
      // "What does 'wages' mean in this verse?": the verse's own Greek for the word, when the map's is another word.
      const asked = words[0] ? (quotedWords ?? formNamed(question.text, words[0])) : quotedWords;
      const tagged =
        asked && verse !== null && (u.places.length > 0 || u.pointsAtVerse || (single && words.length === 0))
          ? greekWordForAny(asked, at.book, at.chapter, verse)
          : null;
      if (tagged && !words[0]?.greek.some((g) => g.strongs === tagged.strongs))
        return wordStudy(out, asked, at.book, at.chapter, verse);
      if (words.length && englishToGreek(out, words)) {
        // The verse named, or the one open when the question points at it ('What does reconciled mean here?'): the word there.
        if (verse !== null && (u.places.length > 0 || u.pointsAtVerse))
          wordStudy(out, words[0]!.english, at.book, at.chapter, verse);
        // A theological word is a dictionary subject too: 'What is propitiation?' reaches Easton's article as well as hilasmos,
        // 'what does justified mean?' his 'Justification'.
        else if (!out.simple) {
          const article =
            u.subject && u.subject.headword.toLowerCase().startsWith(words[0]!.english.toLowerCase().slice(0, 5))
              ? u.subject
              : dictionaryEntry(words[0]!.english);
          if (article) fromDictionary(out, article);
        }
        return;
      }
      wordStudy(out, quotedWords, at.book, at.chapter, verse);
      return;
    }
    case 'book': {
      const named = u.books[0]?.id ?? (u.places[0]?.book || book);
      if (!aboutBook(out, question.text, named)) verseMeaning(out, at.book, at.chapter, verse ?? 1, deep);
      return;
    }
    case 'compare': {
      // 'How were the Pharisees different from the Sadducees?': two of the dictionary's subjects, not the Gospels' accounts.
      // 'In 2 Samuel it says ...': a book named sets passages side by side, not the people in them.
      // So does a passage open that another tells again ('Samuel says ... but Chronicles says ...' at 1 Chronicles 21:1).
      const passageNamed =
        u.places.length > 0 || u.books.length > 0 || scriptureParallelFor(question.text, [at], []) !== undefined;
      if (!passageNamed && u.subjects.length >= 2) {
        for (const s of u.subjects.slice(0, 2)) fromDictionary(out, s);
        return;
      }
      if (
        !compareAccounts(
          out,
          question.text,
          [...u.places, at],
          u.books.map((b) => b.id),
        )
      )
        explainOrMeaning(out, question, at, verse, deep);
      return;
    }
    case 'contested':
      // With no note of ours on the traditions' readings, the verse's meaning is the answer we have.
      if (!traditions(out, question.text, at.book, at.chapter, verse) && verse !== null)
        verseMeaning(out, at.book, at.chapter, verse, deep);
      return;
    case 'personal': {
      const { byWords, onPassage } = pastoralFor(question.text, at.book, at.chapter, verse);
      if (byWords) {
        pastoralAnswer(out, byWords, question.preferences, at.book, at.chapter);
        // The verse the reader brought their trouble to, when it speaks to it ('nobody sees me' at Genesis 16:13, 'the
        // God who sees'), or when they point at it ('it hurts to read this').
        if (
          verse !== null &&
          (echoesVerse(question.text, at.book, at.chapter, verse) || POINTS_AT_VERSE.test(question.text))
        )
          verseToTrouble(out, at.book, at.chapter, verse);
      } else {
        // The passage the reader chose for their struggle answers it (a search of the library on words
        // such as "temper" or "city" found Henry on music and Easton's on Tarsus), with our pastoral
        // answer on it where there is one.
        verseMeaning(out, at.book, at.chapter, verse ?? 1, false);
        if (onPassage) pastoralAnswer(out, onPassage, question.preferences, at.book, at.chapter);
      }
      return;
    }
    case 'why_how':
      explainOrMeaning(out, question, at, verse, deep, u.subject);
      return;
    case 'offtopic':
    case 'followup':
    case 'meaning': {
      // A follow-up with nothing before it was misread: 'are statues and icons idolatry' is our written answer's question.
      const written =
        u.kind === 'followup' &&
        u.places.length === 0 &&
        !u.pointsAtVerse &&
        !u.quoted &&
        // 'i desire mercy not sacrifice what does that mean' asks about the verse's words.
        !/\b(?:mean|means|meaning|explain)\b/i.test(question.text)
          ? pastoralByWords(question.text, { book: at.book, chapter: at.chapter, verse })
          : undefined;
      if (written) return pastoralAnswer(out, written, question.preferences, at.book, at.chapter);
      // The verse open, when our note on it speaks to the question ('what is the shema' at Deuteronomy 6:4 is not Easton's town).
      if (
        (u.places.length === 0 ||
          (at.book === context.book && at.chapter === context.chapter && at.verse === context.verse)) &&
        noteSpeaksTo(question.text, context.book, context.chapter, context.verse, u)
      )
        return verseMeaning(out, context.book, context.chapter, context.verse!, deep);
      // 'What is Jesus saying when he calls himself the vine?' at John 15:5: the highlighted verse or a neighbour says it.
      const near =
        u.places.length === 0 ? nearbyVerseAsked(question.text, context.book, context.chapter, context.verse) : null;
      // 'What is a talent in this parable?': a thing the dictionary knows, asked as what it is; but 'the valley of the
      // shadow of death' at Psalm 23:4 is the verse's phrase, more than Easton's 'Valley'.
      const phraseOfVerse =
        near !== null &&
        u.subject !== null &&
        indexTerms(question.text).filter((t) => !indexTerms(u.subject!.headword).includes(t)).length >= 2 &&
        verseHasPhrase(question.text, u.subject.headword, context.book, context.chapter, near);
      if (u.subject && asksWhatIs(question.text, u.subject.headword) && !phraseOfVerse)
        return fromDictionary(out, u.subject, at);
      // 'What is Psalm 51 about?': a chapter named whole, asked about, is summarised.
      if (
        (/\b(?:chapter|summar|overview|gist|happens)/i.test(question.text) ||
          (u.places.length > 0 && /\babout\b/i.test(question.text))) &&
        u.places.every((p) => p.verse === null)
      )
        summary(out, at.book, at.chapter);
      else if (near !== null) {
        verseMeaning(out, at.book, at.chapter, near, deep);
        // "What does Paul mean by 'flesh' here?", 'What does peace mean in the Bible?': the word it names, in Greek too.
        const asked = u.words.filter((w) => asksWordMeaning(question.text, w.english));
        if (u.words.length && !out.simple && /["“‘'][a-z]+["”’']/i.test(question.text))
          englishToGreek(out, u.words.slice(0, 1));
        else if (asked.length && !out.simple) englishToGreek(out, asked.slice(0, 1));
      } else if (
        u.places.length === 0 &&
        !/\b(?:this|these|here|verse|passage)\b/i.test(question.text) &&
        meaningOfSaying(out, u, deep)
      )
        return;
      else if (
        u.subject &&
        u.places.length === 0 &&
        !/\b(?:this|these|here|verse|passage)\b/i.test(question.text) &&
        !speaks(question.text, u.subject.headword)
      )
        fromDictionary(out, u.subject, at);
      else {
        verseMeaning(out, at.book, at.chapter, verse ?? 1, deep);
        // A word the question names ('what does "world" mean here?'): its Greek too.
        if (u.words.length && !out.simple && (u.quoted || indexTerms(question.text).length <= 4))
          englishToGreek(out, u.words.slice(0, 1));
      }
      return;
    }
  }
}

/** 'What does "poor in spirit" mean?': the verse the words come from, found word for word or by BM25 (above its bar), and what it means. */
function meaningOfSaying(out: OfflineAnswer, u: UnderstoodQuestion, deep: boolean): boolean {
  // Quoted words, else the question's own words when most of them are one verse's ('what does it mean that all things work together for good?').
  const found = u.quoted
    ? (findPhrase(u.quoted, 1)[0] ?? searchVerses(u.quoted, 1)[0])
    : searchVerses(u.text, 1, 0.7)[0];
  if (!found) return false;
  verseMeaning(out, found.bookId, found.chapter, found.verse, deep);
  return true;
}

/** A why or how question: the library's prose above the bar, then the passage. */
function explainOrMeaning(
  out: OfflineAnswer,
  question: AiQuestion,
  at: AskedPlace,
  verse: number | null,
  deep: boolean,
  subject: UnderstoodQuestion['subject'] = null,
): void {
  const said = explainFromLibrary(out, question.text, question.preferences, {
    book: question.context.book,
    chapter: question.context.chapter,
    verse: question.context.verse,
    ...(subject ? { subject: subject.headword } : {}),
  });
  if (!said || at.verse !== null) verseMeaning(out, at.book, at.chapter, verse ?? 1, deep && !said);
}

/** Whether the headword and the two or more words after it in the question ('valley of the shadow of death') are the verse's words (WEB or KJV). */
function verseHasPhrase(question: string, headword: string, book: string, chapter: number, verse: number): boolean {
  const after = new RegExp(`\\b${headwordPattern(headword)}\\w*((?:\\s+[\\p{L}']+){2,6})`, 'iu').exec(question)?.[1];
  if (!after) return false;
  const phrase = indexTerms(`${headword} ${after}`).join(' ');
  return (['web', 'kjv'] as const).some((t) =>
    indexTerms(getVerses(t, book, chapter).find((v) => v.number === verse)?.text ?? '')
      .join(' ')
      .includes(phrase),
  );
}

/** The form of a lexicon word the question uses ('wages' for the map's 'reward'), else its headword. */
const formNamed = (question: string, word: EnglishGreekWord): string =>
  [word.english, ...word.aliases].find((form) => names(question, form, 'i')) ?? word.english;

/** The words a question asks the meaning of: quoted, or between 'what does' and 'mean' ('what does it is finished mean'). */
function meaningAsked(question: string): string | null {
  return (
    wordAsked(question) ??
    /\bwhat (?:does|do|is) (?:the (?:word|phrase) )?([a-z][a-z' ]{1,40}?) (?:mean|means)\b/i.exec(question)?.[1] ??
    null
  );
}

/** The English word or words a word-study question names in quotation marks or after 'word', for the verse's Strong's tags. */
function wordAsked(question: string): string | null {
  const m =
    /["“‘']([a-z][a-z -]*[a-z])["”’']/i.exec(question) ??
    // 'emptied himself — what's the greek verb', 'another comforter - greek word pls': the words before the dash.
    /^\s*([a-z][a-z' ]{1,40}?)\s*(?:[-—–:]|,)\s*(?:what(?:'s| is) )?(?:the )?(?:greek|hebrew|original)\b/i.exec(
      question,
    ) ??
    /\bword\s+(?:for\s+)?([a-z]{3,})/i.exec(question);
  const w = m?.[1]?.toLowerCase();
  return w && !['the', 'this', 'that', 'here', 'mean', 'means'].includes(w) ? w : null;
}
