/**
 * The study panel's Words: the Greek behind each tagged word of a verse, in the translation's own
 * tags (the WEB's or the KJV's), each with Strong's first sense (its `gloss`, made by
 * tools/library/strongs.ts). A phrase-level tag ('G3956 G3588': 'whoever' for πᾶς ὁ) is one row.
 */
import type { StudyWord } from '@lectio/contracts/bible-api';
import type { Translation } from './bible';
import { greekUses } from './answers/words';
import {
  type KjvStrongsFile,
  loadKjvStrongs,
  loadStrongsGreek,
  loadWebStrongs,
  type StrongsEntry,
} from './library-data';

/**
 * Strong's definition without its etymology and the KJV's renderings, for an entry converted
 * before `gloss` was: 'perhaps from ἄγαν ágan (much); to love (in a social or moral sense):--(be-)love(-ed).'
 * -> 'to love (in a social or moral sense)'.
 */
export function shortDefinition(definition: string): string {
  const meaning = definition.split(':--')[0]!;
  const parts = meaning.split(';').map((p) => p.trim());
  const kept = parts.filter(
    (p, i) =>
      !(i < parts.length - 1 && /\b(?:from|of|a primary|apparently|akin|compare|prolonged)\b|\b[GH]\d+/i.test(p)),
  );
  return (kept.join('; ') || meaning).replace(/[.,;\s]+$/, '').trim();
}

const glossOf = (entry: StrongsEntry) => entry.gloss || shortDefinition(entry.definition);

// How many verses of a tags file carry a phrase (the usual counts are of single numbers, in the KJV).
const phraseCounts = new WeakMap<KjvStrongsFile, Map<string, number>>();
function phraseUses(file: KjvStrongsFile, key: string): number {
  let counts = phraseCounts.get(file);
  if (!counts) {
    counts = new Map();
    for (const chapters of Object.values(file.books))
      for (const verses of Object.values(chapters))
        for (const tags of Object.values(verses))
          for (const [k] of tags) if (k.includes(' ')) counts.set(k, (counts.get(k) ?? 0) + 1);
    phraseCounts.set(file, counts);
  }
  return counts.get(key) ?? 0;
}

export function studyWords(bookId: string, chapter: number, verse: number, translation: Translation): StudyWord[] {
  const file = translation === 'web' ? loadWebStrongs() : loadKjvStrongs();
  const tags = file.books[bookId]?.[String(chapter)]?.[String(verse)] ?? [];
  const { entries } = loadStrongsGreek();
  const out: StudyWord[] = [];
  for (const [strongs, english] of tags) {
    if (out.some((w) => w.strongs === strongs)) continue;
    const parts = strongs.split(' ').map((n) => entries[n]);
    if (parts.length === 0 || parts.some((p) => p === undefined)) continue;
    const words = parts.filter((p) => p !== undefined);
    const phrase = words.length > 1;
    out.push({
      text: english,
      strongs,
      lemma: words.map((w) => w.lemma).join(' '),
      transliteration: words.map((w) => w.transliteration).join(' '),
      // A phrase gives each word's sense by its word: 'πᾶς: all, any, every, the whole; ὁ: the definite article'.
      definition: phrase ? words.map((w) => `${w.lemma}: ${glossOf(w)}`).join('; ') : glossOf(words[0]!),
      occurrences: phrase ? phraseUses(file, strongs) : greekUses(strongs, 0).count,
    });
  }
  return out;
}
