/**
 * The Aramaic the New Testament keeps: Jesus' own words and a few names, left untranslated by the
 * Gospel writers and explained for Greek readers. Readers ask what language they are and what they
 * mean; the Strong's tags give only a Greek spelling. Written by us; each with the verse it is in.
 */
export interface AramaicWord {
  /** As the New Testament spells it (the WEB's spelling). */
  word: string;
  /** What a question may call it (lower case). */
  pattern: RegExp;
  meaning: string;
  /** Where it is, the best known place first. */
  places: string[];
  note: string;
}

export const ARAMAIC_WORDS: AramaicWord[] = [
  {
    word: 'Talitha cumi',
    pattern: /\btalitha\b/,
    meaning: 'little girl, get up',
    places: ['Mark 5:41'],
    note: "Jesus' words to Jairus' twelve-year-old daughter as he raised her; Mark keeps the sound of them and translates for his Greek readers.",
  },
  {
    word: 'Ephphatha',
    pattern: /\beph+atha\b/,
    meaning: 'be opened',
    places: ['Mark 7:34'],
    note: 'Jesus says it, with a sigh, looking up to heaven, as he heals a deaf man who could hardly speak.',
  },
  {
    word: 'Eloi, Eloi, lama sabachthani',
    pattern: /\bsabach?thani\b|\beloi\b|\beli,? eli\b/,
    meaning: 'My God, my God, why have you forsaken me?',
    places: ['Mark 15:34', 'Matthew 27:46'],
    note: "Jesus' cry from the cross, the first words of Psalm 22:1. Mark gives the Aramaic 'Eloi'; Matthew's 'Eli' is nearer the Hebrew of the psalm. Some who stood by heard a call to Elijah.",
  },
  {
    word: 'Abba',
    pattern: /\babba\b/,
    meaning: 'Father',
    places: ['Mark 14:36', 'Romans 8:15', 'Galatians 4:6'],
    note: "The family word for a father, used by Jesus praying in Gethsemane; Paul says the Spirit gives believers the same cry, 'Abba, Father'.",
  },
  {
    word: 'Maranatha',
    pattern: /\bmaran ?atha\b|\bmarana ?tha\b/,
    meaning: "'Our Lord, come!' (marana tha) or 'Our Lord has come' (maran atha)",
    places: ['1 Corinthians 16:22'],
    note: 'A prayer of the earliest Aramaic-speaking church, kept untranslated in a Greek letter to Corinth; Revelation 22:20 prays the same in Greek: Come, Lord Jesus.',
  },
  {
    word: 'Rabboni',
    pattern: /\brabboni\b/,
    meaning: 'my teacher, my master',
    places: ['John 20:16'],
    note: 'What Mary Magdalene calls the risen Jesus when he says her name.',
  },
  {
    word: 'Golgotha',
    pattern: /\bgolgotha\b/,
    meaning: 'place of a skull',
    places: ['Mark 15:22', 'Matthew 27:33', 'John 19:17'],
    note: "The place outside Jerusalem where Jesus was crucified; 'Calvary' comes from the Latin for skull, calvaria (Luke 23:33 in the KJV).",
  },
  {
    word: 'Akeldama',
    pattern: /\bak[ae]ldama\b|\baceldama\b/,
    meaning: 'field of blood',
    places: ['Acts 1:19'],
    note: "The field bought with Judas' silver, named so by the people of Jerusalem.",
  },
  {
    word: 'Boanerges',
    pattern: /\bboanerges\b/,
    meaning: 'sons of thunder',
    places: ['Mark 3:17'],
    note: "Jesus' name for James and John, the sons of Zebedee.",
  },
  {
    word: 'Tabitha',
    pattern: /\btabitha\b/,
    meaning: 'gazelle (Dorcas in Greek)',
    places: ['Acts 9:36', 'Acts 9:40'],
    note: "The disciple at Joppa whom Peter raised; his 'Tabitha, get up!' echoes Jesus' Talitha cumi.",
  },
  {
    word: 'Cephas',
    pattern: /\bcephas\b/,
    meaning: 'rock (Petros, Peter, in Greek)',
    places: ['John 1:42', '1 Corinthians 15:5', 'Galatians 2:9'],
    note: 'The name Jesus gave Simon; Paul usually calls him Cephas.',
  },
  {
    word: 'Raca',
    pattern: /\braca\b/,
    meaning: 'empty-head, a word of contempt',
    places: ['Matthew 5:22'],
    note: 'Jesus names it as an insult that breaks the command not to murder as surely as anger does.',
  },
  {
    word: 'Mammon',
    pattern: /\bmammon\b/,
    meaning: 'wealth, money, possessions',
    places: ['Matthew 6:24', 'Luke 16:13'],
    note: "Jesus sets it against God as a master: 'You can't serve both God and Mammon.'",
  },
];

/** The Aramaic word a question names, if any. */
export function findAramaicWord(question: string): AramaicWord | undefined {
  const text = question.toLowerCase().replace(/[’']/g, '');
  return ARAMAIC_WORDS.find((w) => w.pattern.test(text));
}
