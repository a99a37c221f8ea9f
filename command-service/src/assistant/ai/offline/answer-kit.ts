import { assistantMessages, type CommunicationStyleValue } from '@lectio/contracts/assistant';
import type { Translation } from '@lectio/contracts/bible-api';
import { plainParagraph } from '@lectio/library';

export const TRANSLATION_NAMES = { web: 'World English Bible', kjv: 'King James Version' } as const;

/** What one offline answer is built from: its paragraphs, and the sources it used, listed at its end. */
export class OfflineAnswer {
  private readonly parts: string[] = [assistantMessages.offlineNotice];
  private readonly sources = new Set<string>();
  constructor(
    readonly style: CommunicationStyleValue,
    readonly translation: Translation,
  ) {}

  get simple(): boolean {
    return this.style === 'simple';
  }

  /**
   * A paragraph and its sources; for the simple style, the old books' prose (Easton, Henry, the
   * lexicons) kept to its plainest sentences (grade 8 or lower). Our written answers are already
   * written for each style and stay whole.
   */
  add(paragraph: string | null | undefined, ...sources: string[]): this {
    const ours = sources.some((s) => s.startsWith("Lectio's written"));
    return this.addOurs(paragraph && this.simple && !ours ? plainParagraph(paragraph) : paragraph, ...sources);
  }

  /**
   * A paragraph of ours, written for the reader's style already (a written answer, the traditions'
   * notes). One already given is not given twice (a verse quoted first, then by the verse's meaning).
   */
  addOurs(paragraph: string | null | undefined, ...sources: string[]): this {
    if (paragraph && !this.parts.includes(paragraph)) this.parts.push(paragraph);
    for (const s of sources) this.sources.add(s);
    return this;
  }

  /** The reader's own translation as a source. */
  bible(): string {
    return `${TRANSLATION_NAMES[this.translation]} (public domain)`;
  }

  text(): string {
    return [...this.parts, ...(this.sources.size ? [`Sources: ${[...this.sources].join('; ')}.`] : [])].join('\n\n');
  }
}

export const SOURCES = {
  henry: "Matthew Henry's Concise Commentary (1706-1721, public domain)",
  naves: "Nave's Topical Bible (public domain)",
  strongs: "Strong's Greek Dictionary, joined to the KJV's Strong's tags (public domain)",
  bank: "Lectio's written notes on the traditions' readings",
  written: "Lectio's written answers",
  notes: "Lectio's verse notes",
  both: 'the World English Bible and the King James Version, both testaments (public domain)',
  bsb: 'the Berean Standard Bible (public domain)',
} as const;

/** The first sentences of a text, up to about `maxChars`, never cut mid-word. */
export function firstSentences(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxChars) return clean;
  const cut = clean.slice(0, maxChars);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > maxChars / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}...`;
}

/** A transliteration with its plain spelling beside it when accents differ ('teléō, teleo'): the form readers type. */
export function spelled(transliteration: string): string {
  const plain = transliteration.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain === transliteration ? transliteration : `${transliteration}, ${plain}`;
}

/** Quotation marks inside library prose would read as quotations of Scripture; they become single quotes. */
export const unquote = (s: string) => s.replace(/["“”]/g, "'");

/** Up to this many characters of prose for each style. */
export const LENGTH: Record<CommunicationStyleValue, number> = { simple: 260, moderate: 650, scholarly: 1100 };
