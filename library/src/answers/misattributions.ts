/**
 * Sayings people believe are in the Bible and are not, or are there in other words. Each names
 * where the saying comes from, as far as is known, and the Scripture nearest to it; the answer
 * quotes that verse from our own text.
 */
export interface Misattribution {
  /** Matches the saying in a reader's question (lower case, punctuation as spaces). */
  pattern: RegExp;
  saying: string;
  /** 'not in the Bible' or 'a misquotation'. */
  verdict: 'not' | 'misquoted';
  /** Where it comes from and what Scripture says instead; references without quotation marks. */
  note: string;
  /** The verse to quote: [bookId, chapter, verse]. */
  verse: [string, number, number];
  /** A misquotation only when quoted as these exact words (the citation checker); a question may mention them innocently ('what does all things work together for good mean?'). */
  quotedOnly?: boolean;
}

export const MISATTRIBUTIONS: Misattribution[] = [
  {
    pattern: /\bgod helps those (?:who|that) help themselves\b/,
    saying: 'God helps those who help themselves',
    verdict: 'not',
    note: "The saying is ancient (Aesop has a fable with that moral), and Algernon Sidney and then Benjamin Franklin, in Poor Richard's Almanack (1736), made the English words famous. Scripture says rather that God helps those who cannot help themselves: Christ died for us while we were still weak (Romans 5:6), and God is a help in trouble (Psalm 46:1).",
    verse: ['romans', 5, 6],
  },
  {
    pattern: /\bcleanliness is next to godliness\b/,
    saying: 'Cleanliness is next to godliness',
    verdict: 'not',
    note: 'John Wesley quoted it as a proverb in a sermon of 1778, and older Jewish teaching had a similar saying. The Law has rules of washing (Leviticus 15), but Jesus taught that what defiles a person comes from the heart, not unwashed hands (Mark 7:14-23).',
    verse: ['mark', 7, 15],
  },
  {
    pattern: /\bthis too shall pass\b|\bthis too will pass\b|\bthis also shall pass\b/,
    saying: 'This too shall pass',
    verdict: 'not',
    note: "It comes from a medieval Persian fable of a king's ring, made popular in English in the 1800s (Abraham Lincoln told the story in 1859). Scripture's nearest words say that present troubles are light and brief beside the glory to come (2 Corinthians 4:17-18).",
    verse: ['corinthians2', 4, 17],
  },
  {
    pattern: /(?<!love of )\bmoney is the root of all evil\b/,
    saying: 'Money is the root of all evil',
    verdict: 'misquoted',
    note: 'Paul does not say that money is the root of evil, but the love of money (1 Timothy 6:10). Money itself is not condemned; craving it is.',
    verse: ['timothy1', 6, 10],
  },
  {
    pattern: /\bspare the rod\b/,
    saying: 'Spare the rod, spoil the child',
    verdict: 'misquoted',
    note: "The rhyme is Samuel Butler's, in the poem Hudibras (1662). The nearest proverb is Proverbs 13:24, about a parent's loving discipline; Christians read its rod in more than one way.",
    verse: ['proverbs', 13, 24],
  },
  {
    pattern:
      /\b(?:god (?:will not|wont|does not|doesnt|will never|never) give (?:you|us|me|anyone|people) more than (?:you|we|i|they) can (?:handle|bear|take))\b/,
    saying: "God won't give you more than you can handle",
    verdict: 'misquoted',
    note: 'The verse usually meant, 1 Corinthians 10:13, is about temptation: God will not let you be tempted beyond what you can bear, and gives a way out. It does not promise that life will never be too heavy; Paul himself was burdened beyond his strength (2 Corinthians 1:8-9), and learned to rely on God.',
    verse: ['corinthians1', 10, 13],
  },
  {
    pattern: /\beverything happens for a reason\b/,
    saying: 'Everything happens for a reason',
    verdict: 'not',
    note: 'The words are not Scripture. The verse often meant, Romans 8:28, says something different: that God works in all things for the good of those who love him, not that every event is good in itself.',
    verse: ['romans', 8, 28],
  },
  {
    pattern: /\bgod works in (?:mysterious|mysterous) ways\b/,
    saying: 'God works in mysterious ways',
    verdict: 'not',
    note: "It is the first line of William Cowper's hymn of 1773. Scripture says something like it: God's thoughts and ways are higher than ours (Isaiah 55:8-9).",
    verse: ['isaiah', 55, 8],
  },
  {
    pattern: /\bhate the sin(?:,)? love the sinner\b|\blove the sinner(?:,)? hate the sin\b/,
    saying: 'Love the sinner, hate the sin',
    verdict: 'not',
    note: "The phrase goes back to Augustine (a letter of about 424, on love for people and hatred of their sins) and was made popular by Gandhi. Scripture's nearest words: Jude 1:22-23, mercy for people while hating what stains them.",
    verse: ['jude', 1, 22],
  },
  {
    pattern: /\bthe lion (?:shall|will) lie down with the lamb\b/,
    saying: 'The lion shall lie down with the lamb',
    verdict: 'misquoted',
    note: 'Isaiah 11:6 pairs the wolf with the lamb and the leopard with the young goat; the lion is there too, with the calf.',
    verse: ['isaiah', 11, 6],
  },
  {
    pattern: /\bpride (?:goes|goeth|comes|cometh) before (?:a|the) fall\b/,
    saying: 'Pride comes before a fall',
    verdict: 'misquoted',
    note: 'A shortening of Proverbs 16:18, which pairs pride with destruction and a haughty spirit with a fall.',
    verse: ['proverbs', 16, 18],
  },
  {
    pattern: /\ball things work together for good\b(?! (?:for|to) (?:those|them) (?:who|that) love)/,
    saying: 'All things work together for good',
    quotedOnly: true,
    verdict: 'misquoted',
    note: "Paul's promise is made to those who love God, who are called according to his purpose (Romans 8:28), and the good he means is to be made like Christ (Romans 8:29); it is not a promise that everything turns out well for everyone.",
    verse: ['romans', 8, 28],
  },
  {
    pattern: /\bi can do (?:all things|anything)\b(?! through)/,
    saying: 'I can do all things',
    quotedOnly: true,
    verdict: 'misquoted',
    note: 'Paul can do all things through Christ who strengthens him (Philippians 4:13), and he says it about being content in need and in plenty (Philippians 4:11-12), not about success in anything we set out to do.',
    verse: ['philippians', 4, 13],
  },
  {
    pattern:
      /\bdo unto others as you would have them do (?:unto|to) you\b|\bdo to others as you would have them do to you\b/,
    saying: 'Do unto others as you would have them do unto you',
    quotedOnly: true,
    verdict: 'misquoted',
    note: "A paraphrase of the golden rule; Jesus' own words are in Matthew 7:12 and Luke 6:31.",
    verse: ['matthew', 7, 12],
  },
];

/** The misattributed saying a question asks about, if any. */
export function findMisattribution(question: string): Misattribution | undefined {
  const text = ` ${question
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  return MISATTRIBUTIONS.find((m) => !m.quotedOnly && m.pattern.test(text));
}
