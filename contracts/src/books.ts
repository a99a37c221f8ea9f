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
