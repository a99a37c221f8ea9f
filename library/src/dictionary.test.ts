/**
 * The Bible dictionary as the assistant uses it: a reader's name for a person, group, place,
 * custom, object, coin or measure reaches Easton's article (or our table of money and measures),
 * with a clean first paragraph, the verses it cites and the articles it points to.
 */
import { describe, it, expect } from 'vitest';
import { checkCitations } from './citations';
import { parseCompactReference } from './library-data';
import { lastVerse } from './bible';
import { dictionaryEntry, dictionaryNames, entryAtPassage, moneyAndMeasures, moneyOrMeasure } from './dictionary';
import { gradeOf } from './questions/readability.testing';

/** Subjects readers ask about, by kind (written for this test; the coverage figure is over all of them). */
const SUBJECTS: Record<string, string[]> = {
  people: [
    'Aaron',
    'Abraham',
    'Adam',
    'Eve',
    'Noah',
    'Moses',
    'David',
    'Solomon',
    'Elijah',
    'Elisha',
    'Isaiah',
    'Jeremiah',
    'Ezekiel',
    'Daniel',
    'Jonah',
    'Ruth',
    'Esther',
    'Samuel',
    'Saul',
    'Jacob',
    'Isaac',
    'Joseph',
    'Joshua',
    'Gideon',
    'Samson',
    'Deborah',
    'Rahab',
    'Boaz',
    'Job',
    'Melchizedek',
    'Enoch',
    'Methuselah',
    'Cain',
    'Abel',
    'Sarah',
    'Rebekah',
    'Rachel',
    'Leah',
    'Miriam',
    'Jezebel',
    'Ahab',
    'Hezekiah',
    'Josiah',
    'Nehemiah',
    'Ezra',
    'Cyrus',
    'Nebuchadnezzar',
    'Pharaoh',
    'Goliath',
    'Jonathan',
    'Bathsheba',
    'Absalom',
    'Nathan',
    'Hosea',
    'Amos',
    'Micah',
    'Malachi',
    'Zechariah',
    'John the Baptist',
    'Mary the mother of Jesus',
    'Mary Magdalene',
    'Martha',
    'Lazarus',
    'Peter',
    'Andrew',
    'James',
    'Philip',
    'Bartholomew',
    'Thomas',
    'Matthew',
    'Thaddaeus',
    'Simon the Zealot',
    'Judas Iscariot',
    'Matthias',
    'Paul',
    'Barnabas',
    'Silas',
    'Timothy',
    'Titus',
    'Luke',
    'Mark',
    'Apollos',
    'Priscilla',
    'Aquila',
    'Lydia',
    'Stephen',
    'Cornelius',
    'Nicodemus',
    'Zacchaeus',
    'Joseph of Arimathea',
    'Caiaphas',
    'Annas',
    'Pontius Pilate',
    'Pilate',
    'Herod the Great',
    'Herod Antipas',
    'Herod',
    'Herodias',
    'Salome',
    'Barabbas',
    'Gamaliel',
    'Felix',
    'Festus',
    'Agrippa',
    'Caesar Augustus',
    'Tiberius',
    'Onesimus',
    'Philemon',
    'Epaphras',
    'Demas',
    'Tychicus',
    'Dorcas',
    'Tabitha',
    'Ananias',
    'Sapphira',
    'Simon Magus',
    'Elizabeth',
    'Zacharias',
    'Anna',
    'Simeon',
    'Heli',
    'Jairus',
    'Bartimaeus',
    'Nathanael',
    'Malchus',
    'Jude',
    'Eutychus',
    'Gaius',
    'Phoebe',
    'Archippus',
    'Diotrephes',
    'Erastus',
    'Crispus',
    'Sosthenes',
    'Satan',
    'Beelzebub',
    'Michael',
    'Gabriel',
    'Immanuel',
    'Messiah',
    'Christ',
    'Jesus',
    'Abaddon',
    'Apollyon',
    'Antichrist',
  ],
  groups: [
    'Pharisees',
    'Pharisee',
    'Sadducees',
    'Scribes',
    'Herodians',
    'Zealots',
    'Essenes',
    'Samaritans',
    'Sanhedrin',
    'Levites',
    'Priests',
    'High priest',
    'Gentiles',
    'Jews',
    'Hebrews',
    'Israelites',
    'Canaanites',
    'Philistines',
    'Amalekites',
    'Moabites',
    'Edomites',
    'Ammonites',
    'Assyrians',
    'Babylonians',
    'Chaldeans',
    'Romans',
    'Greeks',
    'Nazarite',
    'Nazirite',
    'Publicans',
    'tax collectors',
    'tax collector',
    'Apostles',
    'Disciples',
    'Elders',
    'Deacons',
    'Bishops',
    'Prophets',
    'Magi',
    'wise men',
    'Centurion',
    'Shepherds',
    'Lepers',
    'Proselytes',
    'Libertines',
    'Epicureans',
    'Stoics',
    'Nicolaitans',
    'Hittites',
    'Hivites',
    'Jebusites',
    'Kenites',
    'Rechabites',
    'Nethinim',
    'Cherubim',
    'Seraphim',
    'Angels',
    'Evangelist',
    'Rabbi',
    'Lawyer',
  ],
  places: [
    'Jerusalem',
    'Bethlehem',
    'Nazareth',
    'Capernaum',
    'Galilee',
    'Sea of Galilee',
    'Jordan',
    'Judea',
    'Samaria',
    'Bethany',
    'Bethsaida',
    'Chorazin',
    'Cana',
    'Nain',
    'Emmaus',
    'Jericho',
    'Gethsemane',
    'Golgotha',
    'Calvary',
    'Mount of Olives',
    'Sinai',
    'Mount Sinai',
    'Zion',
    'Mount Zion',
    'Carmel',
    'Hermon',
    'Tabor',
    'Egypt',
    'Babylon',
    'Nineveh',
    'Assyria',
    'Persia',
    'Rome',
    'Corinth',
    'Ephesus',
    'Philippi',
    'Thessalonica',
    'Berea',
    'Athens',
    'Antioch',
    'Damascus',
    'Tarsus',
    'Caesarea',
    'Caesarea Philippi',
    'Joppa',
    'Lydda',
    'Galatia',
    'Colossae',
    'Laodicea',
    'Smyrna',
    'Pergamos',
    'Thyatira',
    'Sardis',
    'Philadelphia',
    'Patmos',
    'Crete',
    'Cyprus',
    'Malta',
    'Melita',
    'Macedonia',
    'Achaia',
    'Asia',
    'Cappadocia',
    'Bithynia',
    'Pontus',
    'Derbe',
    'Lystra',
    'Iconium',
    'Decapolis',
    'Gadara',
    'Tyre',
    'Sidon',
    'Canaan',
    'Eden',
    'Ur',
    'Haran',
    'Hebron',
    'Beersheba',
    'Bethel',
    'Shechem',
    'Sychar',
    'Dead Sea',
    'Salt Sea',
    'Red Sea',
    'Nile',
    'Euphrates',
    'Ararat',
    'Sodom',
    'Gomorrah',
    'Gaza',
    'Gilgal',
    'Shiloh',
    'Megiddo',
    'Armageddon',
    'Bethesda',
    'Siloam',
    'Kidron',
    'Hinnom',
    'Gehenna',
    'Temple',
    'Tabernacle',
    'Areopagus',
    'Mars Hill',
    'Praetorium',
    'Gabbatha',
    'Jezreel',
    'Idumea',
    'Arabia',
    'Ethiopia',
    'Lebanon',
    'Bashan',
    'Gilead',
    'Moab',
    'Edom',
    'Midian',
    'Goshen',
    'Hades',
    'Sheol',
    'Hell',
    'Heaven',
    'Paradise',
    "Abraham's bosom",
  ],
  'customs and feasts': [
    'Passover',
    'Pentecost',
    'Feast of Tabernacles',
    'Day of Atonement',
    'Feast of Dedication',
    'Purim',
    'Sabbath',
    'Circumcision',
    'Baptism',
    "Lord's Supper",
    'Fasting',
    'Tithes',
    'Sacrifice',
    'Burnt offering',
    'Sin offering',
    'Jubilee',
    'Sabbatical year',
    'Marriage',
    'Divorce',
    'Dowry',
    'Anointing',
    'Washing of feet',
    'Crucifixion',
    'Stoning',
    'Phylactery',
    'Phylacteries',
    'Synagogue',
    'Corban',
    'Firstfruits',
    'Firstborn',
    'Mourning',
    'Burial',
    'Sackcloth',
    'Laying on of hands',
    'Lots',
    'Covenant',
    'Vow',
    'Blessing',
    'Leprosy',
    'Kiss',
    'Slave',
    'Inheritance',
    'Redeemer',
    'Kinsman',
    'Cities of refuge',
    'Feast of weeks',
    'Unleavened bread',
    'Hosanna',
    'Amen',
    'Hallelujah',
    'Selah',
    'Maranatha',
    'Abba',
    'Raca',
    'Eli, Eli, lama sabachthani',
    'Ephphatha',
    'Talitha cumi',
    'Levirate marriage',
    'Scapegoat',
    'Tribute',
    'Taxes',
    'Census',
    'Sanctuary',
    'Shewbread',
    'Peace offering',
    'Trespass offering',
    'Wave offering',
    'Drink offering',
    'Feast',
    'Feasts',
    "Sabbath day's journey",
  ],
  'objects and animals': [
    'Ark of the covenant',
    'Ark',
    'Altar',
    'Mercy seat',
    'Candlestick',
    'Lampstand',
    'Ephod',
    'Urim and Thummim',
    'Breastplate',
    'Veil',
    'Manna',
    'Frankincense',
    'Myrrh',
    'Spikenard',
    'Nard',
    'Hyssop',
    'Mustard',
    'Fig tree',
    'Vine',
    'Olive',
    'Wine',
    'Bottle',
    'Wineskin',
    'Millstone',
    'Plough',
    'Yoke',
    'Sling',
    'Trumpet',
    'Harp',
    'Roll',
    'Scroll',
    'Parchment',
    'Tables of stone',
    'Crown of thorns',
    'Cross',
    'Shoe',
    'Sandals',
    'Cloak',
    'Coat',
    'Girdle',
    'Lamp',
    'Bushel',
    'Oil',
    'Incense',
    'Sword',
    'Shield',
    'Chariot',
    'Ship',
    'Net',
    'Well',
    'Cistern',
    'Tomb',
    'Sepulchre',
    "Potter's field",
    'Aceldama',
    'Lamb',
    'Dove',
    'Serpent',
    'Locust',
    'Camel',
    'Ass',
    'Donkey',
    'Sheep',
    'Goat',
    'Leviathan',
    'Behemoth',
    'Scorpion',
    'Raven',
    'Lion',
    'Seal',
    'Signet',
    'Purple',
    'Linen',
  ],
  'money and measures': [
    'denarius',
    'denarii',
    'penny',
    'mite',
    'lepton',
    'farthing',
    'quadrans',
    'shekel',
    'talent',
    'mina',
    'pound',
    'drachma',
    'piece of silver',
    'stater',
    'thirty pieces of silver',
    'cubit',
    'span',
    'handbreadth',
    'reed',
    'furlong',
    'stadion',
    'stadia',
    'mile',
    'bath',
    'ephah',
    'homer',
    'omer',
    'hin',
    'log',
    'seah',
    'cor',
    'firkin',
    'fathom',
    'gerah',
    'bekah',
    'money changers',
    'weights',
    'measure',
  ],
};

/** A first paragraph fit to answer with: a sentence or more, no numbered link left, no bare pointer. */
const clean = (summary: string): boolean =>
  summary.length >= 20 &&
  /[.!?"”')]$/.test(summary) &&
  !/\[\d+\]/.test(summary) &&
  /^[A-Z("'“=]/.test(summary) &&
  !/^\(?see /i.test(summary);

describe('the dictionary answers what readers ask about', () => {
  it('answers at least 300 subjects with a clean first paragraph', () => {
    const all = Object.values(SUBJECTS).flat();
    const missed: string[] = [];
    for (const name of all) {
      const entry = dictionaryEntry(name);
      if (!entry || !clean(entry.summary)) missed.push(name);
    }
    const answered = all.length - missed.length;
    console.log(`dictionary subjects answered: ${answered} of ${all.length}`);
    for (const [kind, names] of Object.entries(SUBJECTS))
      console.log(`  ${kind}: ${names.filter((n) => !missed.includes(n)).length} of ${names.length}`);
    expect(answered).toBeGreaterThanOrEqual(300);
    expect(missed).toEqual([]);
  });

  it("reaches Easton's article by the reader's name for it", () => {
    expect(dictionaryEntry('Pharisee')?.headword).toBe('Pharisees');
    expect(dictionaryEntry('the Pharisees')?.summary).toMatch(/^Separatists/);
    expect(dictionaryEntry('tax collector')?.headword).toBe('Publican');
    expect(dictionaryEntry('Pontius Pilate')?.headword).toBe('Pilate, Pontius');
    expect(dictionaryEntry('Mount of Olives')?.headword).toBe('Olives, Mount of');
    expect(dictionaryEntry('Holy Spirit')?.headword).toBe('Holy Ghost');
    expect(dictionaryEntry('Abram')?.headword).toBe('Abraham');
    expect(dictionaryEntry('nothing of the sort')).toBeNull();
  });

  it('gives the sense asked for in an article of several people, and the main one otherwise', () => {
    expect(dictionaryEntry('Judas Iscariot')?.summary).toMatch(/^Son of Simon .*Iscariot/);
    expect(dictionaryEntry('Joseph of Arimathea')?.summary).toMatch(/^A native of Arimathea/);
    expect(dictionaryEntry('Mary Magdalene')?.summary).toMatch(/Magdala/);
    expect(dictionaryEntry('Saul')?.summary).toMatch(/^Asked for\. The son of Kish/);
    expect(dictionaryEntry('Ezekiel')?.summary).toMatch(/great prophets/);
  });

  it('keeps the verses an article cites, as references that exist, and its cross-references', () => {
    const aaron = dictionaryEntry('Aaron')!;
    // '(2:1, 4; 7:7)' after 'Ex. 6:20' is Exodus.
    expect(aaron.references.slice(0, 4)).toEqual(['exodus 6:20', 'exodus 2:1', 'exodus 2:4', 'exodus 7:7']);
    expect(aaron.seeAlso).toContain('Moses');
    expect(aaron.paragraphs.join(' ')).toContain('(See Moses.)');
    expect(dictionaryEntry('mite')!.seeAlso).toContain('Farthing');
    for (const name of ['Aaron', 'Pharisees', 'Penny', 'Paul', 'Jerusalem']) {
      for (const ref of dictionaryEntry(name)!.references) {
        const r = parseCompactReference(ref);
        expect(r, ref).not.toBeNull();
        expect(lastVerse(r!.bookId, r!.chapter), ref).toBeGreaterThanOrEqual(r!.verseEnd ?? r!.verse ?? 1);
      }
    }
  });

  it("gives money and measures in modern terms beside Easton's old coin", () => {
    const denarius = dictionaryEntry('a denarius')!;
    expect(denarius.headword).toBe('Penny');
    expect(denarius.summary).toContain('7 1/2d.');
    expect(denarius.modern?.modern).toMatch(/day's work/);
    expect(dictionaryEntry('mites')?.modern?.name).toBe('lepton');
    expect(dictionaryEntry('talents')?.modern?.modern).toMatch(/twenty years' wages/);
    // Easton has no article on the span: our table answers alone.
    const span = dictionaryEntry('span')!;
    expect(span.source).toBe("Lectio's table of money and measures");
    expect(span.summary).toMatch(/23 cm/);
    expect(moneyOrMeasure("a sabbath day's journey")?.modern).toMatch(/2,000 cubits/);
  });
});

describe('the table of money and measures', () => {
  it('has each coin, weight and measure with valid references and its Easton article when named', () => {
    const items = moneyAndMeasures();
    expect(items.length).toBeGreaterThanOrEqual(30);
    const problems: string[] = [];
    for (const item of items) {
      if (!item.modern.trim()) problems.push(`${item.name}: no modern note`);
      if (gradeOf(item.modern) > 8)
        problems.push(
          `${item.name}: modern note at grade ${gradeOf(item.modern).toFixed(1)} (8 or lower, for every reader)`,
        );
      if (/\d\s*(?:d\.|s\.)|\bpence\b|shillings?/.test(item.modern))
        problems.push(`${item.name}: old coin in the modern note`);
      for (const citation of checkCitations([item.modern, ...item.references].join('; ')))
        if (!citation.valid) problems.push(`${item.name}: ${citation.text}`);
      if (item.references.length === 0) problems.push(`${item.name}: no reference`);
      if (item.easton && dictionaryEntry(item.easton)?.headword !== item.easton)
        problems.push(`${item.name}: Easton has no '${item.easton}'`);
    }
    expect(problems).toEqual([]);
  });
});

describe('dictionaryNames', () => {
  it("lists headwords, their turned forms, our aliases and the table's names for the question reader", () => {
    const names = new Set(dictionaryNames());
    for (const n of ['Pharisees', 'Mount of Olives', 'Olives, Mount of', 'tax collector', 'denarius', 'mite'])
      expect(names.has(n), n).toBe(true);
    expect(names.size).toBeGreaterThan(4000);
  });
});

describe('an article of several people, read at a passage', () => {
  it('is the one the passage cites', () => {
    const levi = dictionaryEntry('Levi');
    if (!levi) throw new Error('Easton has an article on Levi');
    expect(levi.summary).toMatch(/third son of Jacob|Adhesion/);
    expect(entryAtPassage(levi, 'mark', 2).summary).toContain('called also Matthew');
    // No sense cites Romans: the article as it is.
    expect(entryAtPassage(levi, 'romans', 1)).toBe(levi);
  });
});
