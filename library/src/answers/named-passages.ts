/**
 * Passages readers know by a name rather than by their words: 'the golden rule', 'the armour of
 * God', 'the love chapter', 'the suffering servant'. A where-question naming one is answered with its
 * places, not searched for as a saying (the name is rarely in the text). The Gospel episodes are
 * named in the parallels (library/data/parallels/gospel-parallels.json); the rest are listed here.
 */
import { gospelParallels, GOSPELS, type GospelEpisode } from '../parallels';
import { indexTerms } from '../retrieval-index';

export interface NamedPassage {
  name: string;
  /** Its places, as references ('Ephesians 6:10-18'), the best known first. */
  places: string[];
}

/** Names readers use outside the Gospel episodes: [the name as written, what to match (lower case), places]. */
const NAMED: [name: string, pattern: RegExp, places: string[]][] = [
  // In English; in Greek, 1 Thessalonians 5:16 ('Rejoice always') is shorter.
  ['The shortest verse in the Bible', /\bshortest verse\b/, ['John 11:35']],
  ['The armour of God', /\barmou?r of god\b|\bwhole armou?r\b|\bfull armou?r\b/, ['Ephesians 6:10-18']],
  ['The love chapter', /\blove chapter\b|\bchapter (?:on|about) love\b/, ['1 Corinthians 13']],
  ['The fruit of the Spirit', /\bfruits? of the (?:holy )?spirit\b/, ['Galatians 5:22-23']],
  ['The faith chapter', /\bfaith chapter\b|\bhall of faith\b|\bchapter (?:on|about) faith\b/, ['Hebrews 11']],
  ['The Ten Commandments', /\bten commandments\b|\bdecalogue\b/, ['Exodus 20:1-17', 'Deuteronomy 5:6-21']],
  ['The Shema', /\bshema\b/, ['Deuteronomy 6:4-9']],
  ['The suffering servant', /\bsuffering servant\b/, ['Isaiah 52:13-53:12']],
  ['The valley of dry bones', /\bdry bones\b/, ['Ezekiel 37:1-14']],
  ['The priestly blessing', /\b(?:priestly|aaronic) (?:blessing|benediction)\b/, ['Numbers 6:24-26']],
  ['The new commandment', /\bnew commandment\b/, ['John 13:34-35']],
  ["Jesus' high priestly prayer", /\bhigh[- ]priestly prayer\b/, ['John 17']],
  ['The hymn of Christ emptying himself', /\bchrist hymn\b|\bkenosis\b/, ['Philippians 2:5-11']],
  ['The creation', /\b(?:creation (?:story|account)|story of creation|seven days of creation)\b/, ['Genesis 1:1-2:3']],
  [
    'The fall',
    /\bthe fall of (?:man|adam)\b|\b(?:adam and eve|garden of eden) (?:story|and the serpent)\b/,
    ['Genesis 3'],
  ],
  ['The tower of Babel', /\btower of babel\b/, ['Genesis 11:1-9']],
  ["Noah's ark and the flood", /\bnoah'?s ark\b|\bthe (?:great )?flood\b/, ['Genesis 6:9-9:17']],
  ['The binding of Isaac', /\b(?:binding|sacrifice) of isaac\b|\babraham sacrific\w* isaac\b/, ['Genesis 22:1-19']],
  ["Jacob's ladder", /\bjacob'?s ladder\b/, ['Genesis 28:10-22']],
  ['The burning bush', /\bburning bush\b/, ['Exodus 3:1-15']],
  [
    'The crossing of the Red Sea',
    /\b(?:parting|crossing) (?:of )?the red sea\b|\bred sea (?:parted|crossing)\b/,
    ['Exodus 14'],
  ],
  ['The walls of Jericho', /\bwalls of jericho\b|\bjericho'?s walls\b/, ['Joshua 6']],
  ['David and Goliath', /\bdavid and goliath\b/, ['1 Samuel 17']],
  ['Elijah and the prophets of Baal', /\bprophets of baal\b|\belijah on (?:mount )?carmel\b/, ['1 Kings 18:20-40']],
  [
    'The wife of noble character',
    /\bproverbs 31 woman\b|\bvirtuous woman\b|\bwife of noble character\b/,
    ['Proverbs 31:10-31'],
  ],
  ['Jonah and the great fish', /\bjonah and the (?:whale|big fish|great fish|fish)\b/, ['Jonah 1:17-2:10']],
  ['The fiery furnace', /\bfiery furnace\b/, ['Daniel 3']],
  ['The writing on the wall', /\bwriting on the wall\b/, ['Daniel 5']],
  ["Daniel in the lions' den", /\blions'? den\b/, ['Daniel 6']],
  ['The Magnificat', /\bmagnificat\b|\bmary'?s song\b/, ['Luke 1:46-55']],
  ['The Benedictus', /\bbenedictus\b|\bzechariah'?s song\b/, ['Luke 1:68-79']],
  ['The Nunc Dimittis', /\bnunc dimittis\b|\bsimeon'?s song\b/, ['Luke 2:29-32']],
  ['The woman at the well', /\bwoman at the well\b|\bsamaritan woman\b/, ['John 4:1-42']],
  ['The raising of Lazarus', /\b(?:raising of lazarus|lazarus (?:is )?raised|raised lazarus)\b/, ['John 11:1-44']],
  ['The road to Emmaus', /\broad to emmaus\b|\bemmaus road\b/, ['Luke 24:13-35']],
  ['Pentecost', /\bday of pentecost\b|\bpentecost story\b/, ['Acts 2:1-41']],
  [
    "Paul's conversion on the Damascus road",
    /\bdamascus road\b|\broad to damascus\b|\bconversion of (?:paul|saul)\b|\b(?:paul|saul)'?s conversion\b/,
    ['Acts 9:1-19'],
  ],
  ['The Romans road', /\bromans road\b/, ['Romans 3:23', 'Romans 6:23', 'Romans 5:8', 'Romans 10:9-10']],
  ['The Olivet discourse', /\bolivet discourse\b/, ['Matthew 24-25', 'Mark 13', 'Luke 21:5-36']],
  ['The new heaven and the new earth', /\bnew heavens? and (?:a )?new earth\b/, ['Revelation 21:1-5', 'Isaiah 65:17']],
];

/** A Gospel episode's title, as a reader would name it: 'The call of Levi (Matthew)' is named by 'call of Levi'. */
const titleTerms = (title: string) => indexTerms(title.replace(/\([^)]*\)/g, ' '));

let titled: { e: GospelEpisode; terms: string[] }[] | undefined;
/** Each episode with its title's terms, read once. */
const episodeTitles = () => (titled ??= gospelParallels().map((e) => ({ e, terms: titleTerms(e.title) })));

/** The passage a question names, if it names one (the listed names first, then a Gospel episode's whole title). */
export function findNamedPassage(question: string): NamedPassage | null {
  const text = question.toLowerCase().replace(/[’]/g, "'");
  const listed = NAMED.find(([, pattern]) => pattern.test(text));
  if (listed) return { name: listed[0], places: listed[2] };
  const asked = new Set(indexTerms(question));
  // Every word of a title of two words or more: 'the golden rule', 'the feeding of the five thousand'.
  const episode = episodeTitles()
    .filter(({ terms }) => terms.length >= 2 && terms.every((t) => asked.has(t)))
    .sort((a, b) => b.terms.length - a.terms.length)[0]?.e;
  if (!episode) return null;
  return { name: episode.title, places: GOSPELS.flatMap((g) => episode[g] ?? []) };
}

/** The listed names and their places (the Gospel episodes are checked with the parallels). */
export const listedNamedPassages = (): NamedPassage[] => NAMED.map(([name, , places]) => ({ name, places }));
