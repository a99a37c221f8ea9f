import { describe, expect, it } from 'vitest';
import { checkCitations } from '@lectio/library';
import { replyAfter, replyAsReader } from './as-reader.testing';
import { asksHebrew } from './hebrew-words';

/**
 * What a reader sees for a word question on the Old Testament, or one that asks for the Hebrew:
 * the Hebrew word in Hebrew letters, its transliteration, its Strong's number and its sense. Before
 * the Hebrew was converted, every one of these got the Greek or no word at all.
 */
interface Case {
  question: string;
  verse: string;
  has: (string | RegExp)[];
  hasNot?: (string | RegExp)[];
}

const CASES: Case[] = [
  {
    question: 'the word mercy here, whats the hebrew',
    verse: 'Micah 6:8',
    has: [
      "In Micah 6:8, 'mercy' translates the Hebrew חֶסֶד (hesed; Strong's H2617",
      'steadfast love',
      /Old Testament uses hesed in \d+ verses/,
    ],
    hasNot: ['Greek', 'ἔλεος'],
  },
  {
    question: 'the word mercy here, whats the hebrew',
    verse: 'Psalm 136:1',
    has: ['חֶסֶד', 'hesed', 'H2617', 'loyal kindness'],
    hasNot: ['Greek'],
  },
  {
    question: 'hebrew for peace in the priestly blessing and does it just mean no war?',
    verse: 'Numbers 6:26',
    has: ["'peace' translates the Hebrew שָׁלוֹם (shalom; Strong's H7965", 'much more than no war', 'wholeness'],
  },
  {
    question: 'is there wordplay between adam and the ground in hebrew?',
    verse: 'Genesis 2:7',
    has: ['אָדָם (adam', 'H120', 'אֲדָמָה (adamah', 'H127', 'the human from the humus', 'ground'],
  },
  {
    question: "What's the Hebrew for I AM WHO I AM",
    verse: 'Exodus 3:14',
    has: ['הָיָה (hayah', 'H1961', 'ehyeh asher ehyeh', 'אֶהְיֶה אֲשֶׁר אֶהְיֶה', 'to be', 'YHWH'],
  },
  {
    question: 'what does hesed mean',
    verse: 'Psalm 136:1',
    has: ["'hesed' (the KJV's 'mercy') translates the Hebrew חֶסֶד", 'steadfast love'],
  },
  {
    // With a New Testament verse open: the map's word, no verse of its own.
    question: 'what does hesed mean',
    verse: 'John 1:14',
    has: ["'hesed' is חֶסֶד (hesed; Strong's H2617", 'steadfast love', /Old Testament uses hesed/],
  },
  {
    question: "what's the hebrew word for soul in psalm 23",
    verse: 'Psalm 23:3',
    has: ["'soul' translates the Hebrew נֶפֶשׁ (nephesh; Strong's H5315)", 'whole living being', 'restoreth my soul'],
  },
  {
    question: "The KJV says mercy, the WEB says loving kindness — what's the Hebrew word behind it?",
    verse: 'Psalm 136:1',
    has: ['חֶסֶד', 'hesed'],
    hasNot: ['טוֹב'],
  },
  {
    question: 'what does the name jesus mean in hebrew',
    verse: 'Matthew 1:21',
    has: ['Yeshua', 'Yehoshua', 'H3091', 'save'],
  },
  {
    question: 'What is the Hebrew word for shepherd here?',
    verse: 'Psalm 23:1',
    // A word the map lacks: Strong's own lemma, transliteration and sense.
    has: ["'shepherd' translates the Hebrew רעה (râ‛âh; Strong's H7462)", 'It means: to tend a flock'],
  },
];

describe('Hebrew word answers', () => {
  it.each(CASES)('$question ($verse)', ({ question, verse, has, hasNot = [] }) => {
    const answer = replyAsReader(question, verse);
    for (const h of has)
      expect(answer).toMatch(typeof h === 'string' ? new RegExp(h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : h);
    for (const h of hasNot) expect(answer).not.toMatch(h);
    // Every verse it cites is real.
    expect(checkCitations(answer).filter((c) => !c.valid)).toEqual([]);
  });

  it('keeps the simple style short: the word, its gloss, where to read it', () => {
    const answer = replyAsReader('the word mercy here, whats the hebrew', 'Micah 6:8', [], 'simple');
    expect(answer).toContain('חֶסֶד (hesed');
    expect(answer).not.toContain("Strong's Hebrew Dictionary defines it");
    expect(answer).toMatch(/You can read it in/);
  });

  it('leaves a Greek word question on the New Testament as it was', () => {
    const answer = replyAsReader("what's the greek word for love here", 'John 3:16');
    expect(answer).toContain("'love' translates the Greek ἀγάπη (agápē, agape, Strong's G26)");
    expect(answer).not.toMatch(/Hebrew/);
    expect(replyAsReader("What does 'repent' mean in Greek?", 'Acts 2:38')).not.toMatch(/Hebrew/);
  });

  it('answers in Hebrew when asked, when a Hebrew word is named, or for a word of the Old Testament', () => {
    expect(asksHebrew('meaning', 'hebrew for peace in the priestly blessing', 'numbers')).toBe(true);
    expect(asksHebrew('word', 'what does shalom mean', 'john')).toBe(true);
    expect(asksHebrew('word', 'what does the word mercy mean here', 'micah')).toBe(true);
    expect(asksHebrew('word', 'what does the word mercy mean here', 'luke')).toBe(false);
    expect(asksHebrew('book', 'Who wrote Hebrews?', 'hebrews')).toBe(false);
    expect(asksHebrew('why_how', 'Why were the Hebrew midwives blessed?', 'exodus')).toBe(false);
    expect(asksHebrew('who_what', 'Who were the Hebrews?', 'exodus')).toBe(false);
    // An English word that is also a transliteration is not taken for one.
    expect(asksHebrew('meaning', 'why does Jesus compare himself to a hen here', 'matthew')).toBe(false);
    expect(asksHebrew('who_what', 'what does this mean in the original Hebrew?', 'exodus')).toBe(true);
    expect(asksHebrew('who_what', "what's the Hebrew here", 'exodus')).toBe(true);
    expect(asksHebrew('quote', 'quote the hebrew of this verse', 'micah')).toBe(false);
  });

  it("lists a verse's Hebrew words with the ones our notes explain first, when a follow-up asks for them", () => {
    const answer = replyAfter(
      'what does god require of us in micah 6:8',
      'what are the hebrew words behind that',
      'Micah 6:8',
    );
    expect(answer).toContain('The main Hebrew words of Micah 6:8');
    expect(answer).toContain('hesed');
    expect(answer).toContain('mishpat');
  });
});
