import { describe, expect, it } from 'vitest';
import type { CommunicationStyleValue } from '@lectio/contracts/assistant';
import { checkCitations } from '@lectio/library';
import { composeLibraryAnswer } from '../library-assistant';
import { replyAfter, replyAsReader } from './as-reader.testing';

/**
 * Realistic questions readers ask with no model configured, and what a good offline answer must
 * contain (and must not). Before the offline assistant read the question, it answered 1 of these 25.
 */
interface Case {
  question: string;
  at: [book: string, chapter: number, verse: number | null];
  style?: CommunicationStyleValue;
  has: (string | RegExp)[];
  hasNot?: (string | RegExp)[];
}

const CASES: Case[] = [
  {
    question: "What's the Greek word for love here?",
    at: ['corinthians1', 13, 4],
    has: ['agápē', 'G26', /New Testament uses agápē in \d+ verses/],
  },
  { question: "What does 'world' mean in Greek in this verse?", at: ['john', 3, 16], has: ['kósmos', 'G2889'] },
  { question: 'What is the original Greek behind "again" here?', at: ['john', 3, 3], has: ['G509', 'ánōthen'] },
  { question: 'Can you do a word study on this verse?', at: ['john', 1, 1], has: ['lógos', 'G3056'] },
  {
    question: 'Where does the Bible say God helps those who help themselves?',
    at: ['romans', 5, 6],
    has: ["'God helps those who help themselves' is not in the Bible.", 'Franklin'],
  },
  {
    question: 'Is "cleanliness is next to godliness" in the Bible?',
    at: ['mark', 7, 1],
    has: ['is not in the Bible', 'Wesley'],
  },
  {
    question: 'Where does it say this too shall pass?',
    at: ['corinthians2', 4, 17],
    has: ["'This too shall pass' is not in the Bible."],
  },
  {
    question: 'Where does the Bible say money is the root of all evil?',
    at: ['timothy1', 6, 10],
    has: ['misquotation', 'love of money', '1 Timothy 6:10'],
  },
  { question: 'Where does the Bible say "Jesus wept"?', at: ['john', 11, 1], has: ['"Jesus wept" (John 11:35).'] },
  {
    question: 'Where in the Bible does it say "be still, and know that I am God"?',
    at: ['matthew', 5, 1],
    has: ['Psalm 46:10'],
  },
  {
    question: 'Where does the Bible say the truth will set you free?',
    at: ['john', 8, 31],
    has: ['not in the World English Bible or the King James Version', 'John 8:32'],
  },
  {
    // The NIV's words, the Berean Standard Bible's word for word: named, and the reader's translation quoted.
    question: 'Where does it say "Do to others as you would have them do to you"?',
    at: ['john', 1, 1],
    has: [
      /the Berean Standard Bible, words [^.]*Luke 6:31/,
      '(Luke 6:31).',
      'the Berean Standard Bible (public domain)',
    ],
  },
  {
    // A saying with an apostrophe inside its quotation marks is the whole saying, not the words before it.
    question: 'Where does it say "Because of the Lord\'s great love we are not consumed"?',
    at: ['john', 1, 1],
    has: ['Lamentations 3:22'],
    hasNot: ["The words 'Because of the Lord' "],
  },
  {
    question: 'Where is the verse "Here am I. Send me!"?',
    at: ['john', 1, 1],
    has: ['Isaiah 6:8'],
  },
  {
    question: 'Summarize this chapter',
    at: ['romans', 8, null],
    has: ['The freedom of believers from condemnation.', 'Romans 8:1-9', /Key verses/],
  },
  {
    question: 'What happens in this chapter?',
    at: ['matthew', 16, 13],
    has: ["Peter's testimony that Jesus was the Christ.", 'Matthew 16:13-20'],
  },
  // Background from the dictionary (Easton's), not Nave's lists of references; a theological word reaches its Greek too.
  {
    question: 'Who was Caiaphas?',
    at: ['john', 11, 49],
    has: ['Caiaphas', 'high priest', "Easton's Bible Dictionary"],
  },
  { question: 'Who was Melchizedek?', at: ['hebrews', 7, 1], has: ['Melchizedek', 'king of Salem', '14:18-20'] },
  {
    question: 'What is propitiation?',
    at: ['john1', 4, 10],
    has: ['Propitiation', 'hilasm', "Easton's Bible Dictionary"],
  },
  {
    question: 'Who were the Pharisees?',
    at: ['matthew', 23, 2],
    has: ['Pharisees', 'Separatists', "Easton's Bible Dictionary"],
  },
  // A question naming no subject is about the passage: James 2's note on faith and works, not the book's on its author or on anointing.
  {
    question: 'Do Catholics and Protestants read this verse differently?',
    at: ['james', 2, 24],
    has: ["'Does James contradict Paul about faith and works?'"],
    hasNot: ['anointing', 'perpetual virginity'],
  },
  {
    question: 'How do Catholics and Protestants read this differently?',
    at: ['matthew', 16, 18],
    style: 'simple',
    // Every tradition named, in the simple style in the bank's plain words (traditionsShort); Henry's 1706 English is left out of it.
    has: ['Catholics say the rock is Peter', 'The Orthodox', 'Protestants usually say'],
    hasNot: ['Matthew Henry'],
  },
  {
    question: 'How do Catholics and Protestants read this differently?',
    at: ['acts', 2, 38],
    has: ['Catholic', 'Orthodox', /Matthew Henry \(1706\), one Nonconformist Protestant voice among many/],
  },
  {
    question: 'How do different denominations interpret the Lord’s Supper?',
    at: ['corinthians1', 11, 24],
    has: ['Catholic', 'Lutheran', 'Reformed', /one Nonconformist Protestant voice/],
  },
  {
    question: 'What does this verse mean?',
    at: ['john', 3, 16],
    has: ['"For God so loved the world', "Matthew Henry's Concise Commentary on John 3:16:"],
    hasNot: ['Nicodemus was afraid'],
  },
  {
    question: 'What does this verse mean?',
    at: ['romans', 8, 28],
    has: ["Matthew Henry's Concise Commentary on Romans 8:28:", '"We know that all things work together for good'],
  },
  { question: 'Explain this verse to me', at: ['matthew', 5, 3], style: 'simple', has: ['poor in spirit'] },
  {
    question: 'Give me a recipe for banana bread',
    at: ['john', 6, 35],
    has: ["I can only help with the Bible and the passage you are reading, so I can't help with that."],
    hasNot: ['Bread of life', 'bread of life', 'Sources:'],
  },
  {
    question: "What's the weather going to be tomorrow?",
    at: ['matthew', 6, 34],
    has: ["I can't help with that"],
    hasNot: ['Sources:'],
  },
  { question: 'Can you help me with my math homework?', at: ['romans', 12, 2], has: ["I can't help with that"] },
];

const answer = (c: Case) =>
  composeLibraryAnswer({
    text: c.question,
    context: { book: c.at[0], chapter: c.at[1], verse: c.at[2], verseText: '' },
    preferences: { faithJourney: null, communicationStyle: c.style ?? 'moderate' },
    translation: 'web',
  });

describe('the offline assistant answers the question asked', () => {
  it(`answers ${CASES.length} realistic questions with what a good answer must contain`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(22);
    const failures: string[] = [];
    for (const c of CASES) {
      const text = answer(c);
      const missing = c.has.filter((h) => (typeof h === 'string' ? !text.includes(h) : !h.test(text)));
      const wrong = (c.hasNot ?? []).filter((h) => (typeof h === 'string' ? text.includes(h) : h.test(text)));
      if (missing.length || wrong.length)
        failures.push(
          `${c.question} @${c.at.join(' ')}: missing ${missing.join(' | ')}; should not have ${wrong.join(' | ')}\n${text}\n`,
        );
    }
    console.log(
      `offline assistant: ${CASES.length - failures.length} of ${CASES.length} realistic questions answered as asked`,
    );
    expect(failures).toEqual([]);
    // The first questions build the text indexes (verses, the library's prose) on this shared machine.
  }, 300_000);

  it('lists its sources, and every reference it gives is valid and every quotation exact', () => {
    for (const c of CASES) {
      const text = answer(c);
      if (!text.includes("I can't help with that")) expect(text, c.question).toMatch(/\nSources: .+\.$/);
      for (const cite of checkCitations(text)) {
        expect(cite.valid, `${c.question}: ${cite.text}`).toBe(true);
        if (cite.quote) expect(cite.quote.matches, `${c.question}: "${cite.quote.text}" ${cite.text}`).toBe(true);
      }
    }
  });

  it('keeps the simple style simple', () => {
    for (const c of CASES.slice(0, 20)) {
      const simple = answer({ ...c, style: 'simple' });
      const scholarly = answer({ ...c, style: 'scholarly' });
      expect(simple.length, c.question).toBeLessThanOrEqual(scholarly.length);
      expect(simple.split(/\s+/).length, `${c.question}\n${simple}`).toBeLessThan(260);
    }
  });
});

describe('a follow-up asking a fact', () => {
  it('gives the verses around the one the reader has open first, once: the fact is often there', () => {
    const previous = 'Who was Saul before he became Paul?';
    const at = 'Acts 9:11';
    const parts = replyAfter(previous, 'Where was he from originally?', at).split('\n\n');
    expect(parts[2]).toBe('Acts 9:8-13 in the World English Bible:');
    expect(parts[3]).toContain('a man of Tarsus');
    expect(parts.filter((p) => p.includes('a man of Tarsus'))).toHaveLength(1);
  });

  it('finds the fact in a verse near the one open', () => {
    const previous = 'who replaced judas as an apostle';
    const at = 'Acts 1:26';
    expect(replyAfter(previous, 'who was the other candidate', at)).toContain('Joseph called Barsabbas');
  });

  it("reads 'which city was he from?' as asking of the one just asked about, not of cities", () => {
    const previous = 'who is saul here';
    const at = 'Acts 9:11';
    const answer = replyAfter(previous, 'which city was he from', at);
    expect(answer).toContain('a man of Tarsus');
    expect(answer).not.toContain('The earliest mention of city-building');
  });

  it("answers 'what about the other gospels?' after 'who wrote matthew' with the other three's authors", () => {
    const previous = 'who wrote matthew';
    const at = 'Matthew 1:1';
    const answer = replyAfter(previous, 'what about the other gospels', at);
    for (const book of ['Mark', 'Luke', 'John']) expect(answer).toContain(`Author of ${book}:`);
    expect(answer).not.toContain('Author of Matthew:');
  });

  it("sets the Gospels side by side for 'is it in john too?' asked at a Gospel's verse", () => {
    const previous = 'how did jesus feed 5000 people';
    const at = 'Matthew 14:19';
    const answer = replyAfter(previous, 'is it in john too', at);
    expect(answer).toContain('The feeding of the five thousand is told in Matthew, Mark, Luke, John.');
  });

  it("reads 'what was his job?' as asking of the one just asked about, not of Job", () => {
    const previous = 'who was aquila';
    const at = 'Acts 18:2';
    const answer = replyAfter(previous, 'what was his job', at);
    expect(answer).toContain('tent makers');
    expect(answer).not.toContain('an Arabian patriarch');
  });

  it("answers 'I'm scared I did that' after a question on the unforgivable sin with the written answer on it", () => {
    const previous = 'what is the unforgivable sin';
    const at = 'Matthew 12:31';
    expect(replyAfter(previous, "i'm scared i did that", at)).toContain('It is a settled refusal of the Spirit');
  });

  it('finds the fact further on in the story when the verses next to the one open do not hold it', () => {
    const previous = 'why did god send the flood';
    const at = 'Genesis 6:13';
    const answer = replyAfter(previous, 'how many days did it rain', at);
    expect(answer).toContain('Genesis 7:11-13 in the World English Bible:');
    expect(answer).toContain('forty days and forty nights');
  });

  it("gives the passage's words in the original when asked 'what does that word mean in Greek?'", () => {
    const previous = 'what does this verse mean';
    const at = 'John 3:16';
    const answer = replyAfter(previous, 'what does that word mean in greek', at);
    expect(answer).toContain('ἀγαπάω');
  });
});

describe('questions about the verse open, or about nothing in the Bible', () => {
  it("reads a question in the open verse's words, asking what it means, as that verse's meaning", () => {
    const answer = replyAsReader('let justice roll down like waters, what is the prophet getting at', 'Amos 5:24');
    expect(answer).toContain(
      '"But let justice roll on like rivers, and righteousness like a mighty stream" (Amos 5:24).',
    );
    expect(answer).not.toContain('are not in the World English Bible');
  });

  it("gives the verse open for 'who was the young man holding the coats?' when the verse names him", () => {
    expect(replyAsReader("who was the young man holding everyone's coats", 'Acts 7:58')).toContain(
      'a young man named Saul',
    );
  });

  it('declines what shares only common words and one name with the verse open', () => {
    expect(
      replyAsReader("what's the weather going to be in bethlehem pennsylvania this weekend", 'Micah 5:2'),
    ).toContain('I can only help with the Bible');
  });

  it("leads a hard saying's meaning with our written answer on it", () => {
    const answer = replyAsReader('what does this verse mean', 'Luke 14:26');
    expect(answer).toContain("Lectio's written answer to 'Why did Jesus say we must hate our father and mother?'");
    expect(answer.indexOf("Lectio's written answer")).toBeLessThan(answer.indexOf('Matthew Henry'));
  });

  it('explains the verse open when its words are asked about, not a written answer sharing one of them', () => {
    const answer = replyAsReader('i desire mercy not sacrifice what does that mean', 'Hosea 6:6');
    expect(answer).toContain('(Hosea 6:6)');
    expect(answer).not.toContain('Hebrews 10:26 warns');
  });

  it("answers a question our written answers ask in the reader's words, however its few words were read", () => {
    const answer = replyAsReader('are statues and icons idolatry', 'Exodus 20:4');
    expect(answer).toContain('Orthodox and Catholic Christians honour icons and statues');
    expect(answer).toContain('Reformed');
  });

  it("leads a verse's meaning with our note on it, in plain words for the simple style and in full otherwise", () => {
    const simple = replyAsReader('vanity of vanities what does that mean', 'Ecclesiastes 1:2', [], 'simple');
    expect(simple).toMatch(/In short: .*(?:vapou?r|breath|mist)/);
    // Right after the verse itself: the direct answer first.
    const paragraphs = simple.split('\n\n');
    expect(paragraphs.findIndex((p) => p.startsWith('In short:'))).toBe(
      paragraphs.findIndex((p) => p.includes('(Ecclesiastes 1:2)')) + 1,
    );
    expect(simple).not.toContain('hebel');
    expect(replyAsReader('vanity of vanities what does that mean', 'Ecclesiastes 1:2')).toContain('hebel');
  });

  it('explains the verse open when our note on it names what is asked, not a dictionary entry of that name', () => {
    const answer = replyAsReader('what is the shema and what does it mean', 'Deuteronomy 6:4');
    expect(answer).toContain('(Deuteronomy 6:4)');
    expect(answer).toContain('In short:');
    expect(answer).not.toContain('A town in the south of Judah');
  });

  it("keeps a question in the verse open's own words, KJV's too, and reads a chapter and verse typed with a space", () => {
    for (const [question, verse] of [
      ['what does the lord require of you', 'Micah 6:8'],
      ['take no thought for the morrow', 'Matthew 6:34'],
    ] as const)
      expect(replyAsReader(question, verse), question).not.toContain('I can only help with the Bible');
    expect(replyAsReader('explain john 3 16 in simple words', 'John 3:16')).toContain('(John 3:16)');
  });

  it('answers a fact asked of the story just discussed from its verses, though the follow-up names a person', () => {
    // 'what was the story nathan told him' is the rich man and the poor man's lamb (2 Samuel 12:1-4), not Easton's article on Nathan.
    const story = replyAfter(
      "what does nathan mean 'you are the man'",
      'what was the story nathan told him',
      '2 Samuel 12:7',
    );
    expect(story).toMatch(/lamb/);
    expect(story).toMatch(/rich man/);
    // 'what touched his lips' is a fact too: Isaiah 6:7.
    expect(replyAfter('what is isaiah seeing here', 'what touched his lips', 'Isaiah 6:8')).toContain('coal');
  });

  it('ties a pastoral answer to the verse the reader brought their trouble to', () => {
    const answer = replyAsReader('me and my husband fight constantly, any help from this verse', 'Proverbs 15:1');
    expect(answer).toContain('The verse you have open:');
    expect(answer).toContain('(Proverbs 15:1)');
    // Not to a verse that does not speak to it.
    expect(replyAsReader('nobody sees me. im invisible at work and home', 'John 1:1')).not.toContain(
      'The verse you have open:',
    );
  });

  it('summarises a chapter named whole and asked about, and studies a phrase of the verse open in Greek', () => {
    const psalm = replyAsReader('what is psalm 51 about', 'Psalm 51:1');
    expect(psalm).toContain("Psalms 51 at a glance, in Matthew Henry's outline:");
    expect(psalm).not.toContain('Chapter Outline');
    expect(psalm).not.toContain('The psalms are the production of various authors');
    expect(replyAsReader("what is the greek word for 'reasonable service'", 'Romans 12:1')).toMatch(/latreia|logik/i);
  });

  it('gives the Greek behind the words the previous question asked about', () => {
    const greek = replyAfter('what does it is finished mean', "what's the greek", 'John 19:30');
    expect(greek).toContain('teléō');
    expect(greek).not.toContain('The main Greek words of John 19:30');
  });
});
