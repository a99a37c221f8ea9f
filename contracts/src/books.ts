/** The 27 books of the New Testament in canonical order, with the spec's ids and chapter counts. */
export interface Book {
  id: string;
  name: string;
  chapters: number;
  order: number;
}

const list: Array<[id: string, name: string, chapters: number]> = [
  ['matthew', 'Matthew', 28],
  ['mark', 'Mark', 16],
  ['luke', 'Luke', 24],
  ['john', 'John', 21],
  ['acts', 'Acts', 28],
  ['romans', 'Romans', 16],
  ['corinthians1', '1 Corinthians', 16],
  ['corinthians2', '2 Corinthians', 13],
  ['galatians', 'Galatians', 6],
  ['ephesians', 'Ephesians', 6],
  ['philippians', 'Philippians', 4],
  ['colossians', 'Colossians', 4],
  ['thessalonians1', '1 Thessalonians', 5],
  ['thessalonians2', '2 Thessalonians', 3],
  ['timothy1', '1 Timothy', 6],
  ['timothy2', '2 Timothy', 4],
  ['titus', 'Titus', 3],
  ['philemon', 'Philemon', 1],
  ['hebrews', 'Hebrews', 13],
  ['james', 'James', 5],
  ['peter1', '1 Peter', 5],
  ['peter2', '2 Peter', 3],
  ['john1', '1 John', 5],
  ['john2', '2 John', 1],
  ['john3', '3 John', 1],
  ['jude', 'Jude', 1],
  ['revelation', 'Revelation', 22],
];

export const BOOKS: readonly Book[] = list.map(([id, name, chapters], order) => ({ id, name, chapters, order }));

const byId = new Map(BOOKS.map((b) => [b.id, b]));

export function findBook(id: string): Book | undefined {
  return byId.get(id);
}

export const TOTAL_CHAPTERS = BOOKS.reduce((n, b) => n + b.chapters, 0); // 260

/** A book of either testament. The reader holds the New Testament; the server also holds the Old to check and preview references. */
export interface LibraryBook extends Book {
  testament: 'old' | 'new';
}

const otList: Array<[id: string, name: string, chapters: number]> = [
  ['genesis', 'Genesis', 50],
  ['exodus', 'Exodus', 40],
  ['leviticus', 'Leviticus', 27],
  ['numbers', 'Numbers', 36],
  ['deuteronomy', 'Deuteronomy', 34],
  ['joshua', 'Joshua', 24],
  ['judges', 'Judges', 21],
  ['ruth', 'Ruth', 4],
  ['samuel1', '1 Samuel', 31],
  ['samuel2', '2 Samuel', 24],
  ['kings1', '1 Kings', 22],
  ['kings2', '2 Kings', 25],
  ['chronicles1', '1 Chronicles', 29],
  ['chronicles2', '2 Chronicles', 36],
  ['ezra', 'Ezra', 10],
  ['nehemiah', 'Nehemiah', 13],
  ['esther', 'Esther', 10],
  ['job', 'Job', 42],
  ['psalms', 'Psalms', 150],
  ['proverbs', 'Proverbs', 31],
  ['ecclesiastes', 'Ecclesiastes', 12],
  ['songofsolomon', 'Song of Solomon', 8],
  ['isaiah', 'Isaiah', 66],
  ['jeremiah', 'Jeremiah', 52],
  ['lamentations', 'Lamentations', 5],
  ['ezekiel', 'Ezekiel', 48],
  ['daniel', 'Daniel', 12],
  ['hosea', 'Hosea', 14],
  ['joel', 'Joel', 3],
  ['amos', 'Amos', 9],
  ['obadiah', 'Obadiah', 1],
  ['jonah', 'Jonah', 4],
  ['micah', 'Micah', 7],
  ['nahum', 'Nahum', 3],
  ['habakkuk', 'Habakkuk', 3],
  ['zephaniah', 'Zephaniah', 3],
  ['haggai', 'Haggai', 2],
  ['zechariah', 'Zechariah', 14],
  ['malachi', 'Malachi', 4],
];

/** The 39 books of the Old Testament (Protestant canon, English chapter division), order within the testament. */
export const OT_BOOKS: readonly LibraryBook[] = otList.map(([id, name, chapters], order) => ({
  id,
  name,
  chapters,
  order,
  testament: 'old',
}));

/** Both testaments in canonical order: Genesis to Malachi, then Matthew to Revelation. */
export const ALL_BOOKS: readonly LibraryBook[] = [
  ...OT_BOOKS,
  ...BOOKS.map((b): LibraryBook => ({ ...b, testament: 'new' })),
];

const anyById = new Map(ALL_BOOKS.map((b) => [b.id, b]));

const canonical = new Map(ALL_BOOKS.map((b, i) => [b.id, i]));

/** A book's place in the Bible (Genesis 0, Revelation 65); a book outside the 66 after them. */
export const canonicalIndex = (id: string): number => canonical.get(id) ?? ALL_BOOKS.length;

/** A book of either testament by id ('isaiah', 'john'). */
export function findAnyBook(id: string): LibraryBook | undefined {
  return anyById.get(id);
}
