/**
 * The checker's reference-finding cases: running text and the references a careful reader finds
 * in it, in order, as [book id or null for an invented book, chapter, verse, chapterEnd, verseEnd].
 * Our scanner must pass every one (scan.test.ts); bench/reference-scanners.ts runs OpenBible.info's
 * bible-passage-reference-parser on the same table and prints both pass counts.
 */
export type Expected = [
  book: string | null,
  chapter: number,
  verse: number | null,
  chapterEnd: number | null,
  verseEnd: number | null,
];

export const REFERENCE_CASES: Array<{ name: string; text: string; expected: Expected[] }> = [
  {
    name: 'abbreviations',
    text: 'See Jn 3:16 and 1 Cor 13:4-7, also Isa 53:5 and Ps 23.',
    expected: [
      ['john', 3, 16, null, null],
      ['corinthians1', 13, 4, null, 7],
      ['isaiah', 53, 5, null, null],
      ['psalms', 23, null, null, null],
    ],
  },
  {
    name: 'range across chapters',
    text: 'Jesus teaches Nicodemus in John 3:16-4:2.',
    expected: [['john', 3, 16, 4, 2]],
  },
  { name: 'chapter range', text: 'Paul answers in Romans 9-11.', expected: [['romans', 9, null, 11, null]] },
  {
    name: "'vv.' after a chapter",
    text: 'Read John 3. In vv. 16-18 Jesus speaks of belief.',
    expected: [
      ['john', 3, null, null, null],
      ['john', 3, 16, null, 18],
    ],
  },
  {
    name: "'v.' after a chapter",
    text: 'In John 3 (v. 16) love is the motive.',
    expected: [
      ['john', 3, null, null, null],
      ['john', 3, 16, null, null],
    ],
  },
  {
    name: "';' list of chapters and verses",
    text: 'All have sinned (Romans 3:23; 6:23).',
    expected: [
      ['romans', 3, 23, null, null],
      ['romans', 6, 23, null, null],
    ],
  },
  {
    name: "';' list going on in prose",
    text: 'Romans 3:23; 6:23 sum up the gospel.',
    expected: [
      ['romans', 3, 23, null, null],
      ['romans', 6, 23, null, null],
    ],
  },
  {
    name: "',' list of verses",
    text: 'See Romans 8:28, 38-39.',
    expected: [
      ['romans', 8, 28, null, null],
      ['romans', 8, 38, null, 39],
    ],
  },
  { name: 'lower case', text: 'my favourite is john 3:16', expected: [['john', 3, 16, null, null]] },
  { name: 'lower case chapter', text: 'read romans 8 tonight', expected: [['romans', 8, null, null, null]] },
  { name: 'capitals', text: 'JOHN 3:16 IS FAMOUS', expected: [['john', 3, 16, null, null]] },
  {
    name: 'chapter reference after a phrase',
    text: 'Read the whole of Romans 8.',
    expected: [['romans', 8, null, null, null]],
  },
  { name: "'turn to'", text: 'Turn to 1 John 4:8 for the definition.', expected: [['john1', 4, 8, null, null]] },
  { name: 'Sirach', text: 'Sirach 3:30 says almsgiving atones for sin.', expected: [['sirach', 3, 30, null, null]] },
  { name: 'Ecclesiasticus', text: 'as Ecclesiasticus 3:30 puts it', expected: [['sirach', 3, 30, null, null]] },
  { name: 'Tobit', text: 'Tobit 4:15 gives the golden rule negatively.', expected: [['tobit', 4, 15, null, null]] },
  { name: 'Judith', text: 'Judith 8:25 speaks of testing.', expected: [['judith', 8, 25, null, null]] },
  {
    name: 'Wisdom',
    text: 'Wisdom 7:26 calls wisdom a reflection of eternal light.',
    expected: [['wisdom', 7, 26, null, null]],
  },
  { name: 'Wisdom of Solomon', text: 'compare Wisdom of Solomon 3:1', expected: [['wisdom', 3, 1, null, null]] },
  { name: 'Baruch', text: 'Baruch 3:9 opens a poem on wisdom.', expected: [['baruch', 3, 9, null, null]] },
  {
    name: '1 Maccabees',
    text: 'The revolt begins in 1 Maccabees 2:50.',
    expected: [['maccabees1', 2, 50, null, null]],
  },
  {
    name: '2 Maccabees range',
    text: 'prayer for the dead (2 Maccabees 12:43-45)',
    expected: [['maccabees2', 12, 43, null, 45]],
  },
  { name: '4 Maccabees', text: '4 Maccabees 5:1 tells of Eleazar.', expected: [['maccabees4', 5, 1, null, null]] },
  { name: 'Susanna', text: 'Susanna 42 is her prayer.', expected: [['susanna', 1, 42, null, null]] },
  { name: 'Bel and the Dragon', text: 'Bel and the Dragon 1:5 mocks idols.', expected: [['bel', 1, 5, null, null]] },
  {
    name: 'Additions to Esther',
    text: 'Additions to Esther 14:3 is her prayer.',
    expected: [['esthergreek', 14, 3, null, null]],
  },
  { name: '3 John 15', text: 'Peace be to you (3 John 15).', expected: [['john3', 1, 15, null, null]] },
  {
    name: 'Revelation 12:18',
    text: 'The dragon stood on the shore (Revelation 12:18).',
    expected: [['revelation', 12, 18, null, null]],
  },
  { name: 'Romans 16:25-27', text: 'the doxology of Romans 16:25-27', expected: [['romans', 16, 25, null, 27]] },
  {
    name: 'Malachi 3:20 (Hebrew numbering)',
    text: 'the sun of righteousness (Malachi 3:20)',
    expected: [['malachi', 3, 20, null, null]],
  },
  { name: 'invented book', text: 'As Hezekiah 3:16 says.', expected: [[null, 3, 16, null, null]] },
  {
    name: 'misspelt Matthew',
    text: 'Mathew 5:3 blesses the poor in spirit.',
    expected: [['matthew', 5, 3, null, null]],
  },
  {
    name: 'misspelt Philippians',
    text: 'Phillipians 4:13 is often quoted.',
    expected: [['philippians', 4, 13, null, null]],
  },
  {
    name: 'one-chapter book',
    text: 'Jude 3 and Philemon 6',
    expected: [
      ['jude', 1, 3, null, null],
      ['philemon', 1, 6, null, null],
    ],
  },
  {
    name: 'numbers that are not references',
    text: 'At 10:30 pm I am 3 years in; In 3:16 Jesus speaks; chapter 3 and verse 16; page 12',
    expected: [],
  },
  {
    name: 'English words before numbers',
    text: 'We will mark 5 of them and see 3 more; a job 3 weeks long.',
    expected: [],
  },
  {
    name: 'roman numerals',
    text: 'I John 4:8 and II Kings 2:11',
    expected: [
      ['john1', 4, 8, null, null],
      ['kings2', 2, 11, null, null],
    ],
  },
];
