/**
 * What the classifiers (safety, and the kind of a reader's question) read of a message: its words as the normalising tokenizer writes
 * them out ("im" -> "i am", "wanna" -> "want to"), their stems ('locks', 'locked' -> 'lock'),
 * pairs and triples of stems, and the letters inside each word three to five at a time, so a
 * misspelt or run-together word ("kil", "myslef") still shares most of its pieces with the word
 * it meant. Each feature is hashed to a number (the
 * hashing trick): the model stores weights for numbers seen in training only, never a vocabulary.
 */
import { stemmer } from 'stemmer';
import { wordsOf } from './normalise';

/** Buckets a feature is hashed into: 2^22, so two features of the training corpus almost never share one. */
const BUCKETS = 1 << 22;

/** FNV-1a over the string's UTF-16 units, folded into BUCKETS. */
function bucketOf(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    h ^= feature.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % BUCKETS;
}

export interface FeatureSet {
  words: boolean;
  stems: boolean;
  bigrams: boolean;
  trigrams: boolean;
  chars: [min: number, max: number] | null;
  /**
   * The question's shape (the question classifier's, not the safety one's): its first word and
   * pair, its last word, its length in words, whether it quotes one word or a phrase, names a
   * chapter and verse, or leans on what came before ('that', 'it' with no subject of its own).
   */
  shape?: boolean;
}

export const DEFAULT_FEATURES: FeatureSet = { words: true, stems: true, bigrams: true, trigrams: true, chars: [3, 5] };

/** The message's features, hashed, each once (presence, not counts: a long message is not more alarming for repeating itself). */
export function hashedFeatures(message: string, set: FeatureSet = DEFAULT_FEATURES): number[] {
  const words = wordsOf(message.slice(0, 4000));
  const grams = set.stems ? words.map((w) => stemmer(w)) : words;
  const features = new Set<string>(['bias']);
  words.forEach((w, i) => {
    if (set.words) features.add(`w ${w}`);
    if (set.stems) features.add(`s ${grams[i]}`);
    if (set.bigrams && i > 0) features.add(`b ${grams[i - 1]} ${grams[i]}`);
    if (set.trigrams && i > 1) features.add(`t ${grams[i - 2]} ${grams[i - 1]} ${grams[i]}`);
    if (set.chars) {
      const padded = ` ${w} `;
      for (let n = set.chars[0]; n <= set.chars[1]; n++)
        for (let s = 0; s + n <= padded.length; s++) features.add(`c ${padded.slice(s, s + n)}`);
    }
  });
  if (set.shape) for (const f of shapeOf(message, words)) features.add(f);
  return [...new Set([...features].map(bucketOf))];
}

const LENGTHS = [1, 2, 3, 5, 8, 12];

function shapeOf(message: string, words: string[]): string[] {
  const out = [`f first ${words[0] ?? ''}`, `f first2 ${words.slice(0, 2).join(' ')}`, `f last ${words.at(-1) ?? ''}`];
  out.push(`f length ${LENGTHS.find((n) => words.length <= n) ?? 'more'}`);
  const quoted = /["“‘']([^"“”‘’']{2,200})["”’']/.exec(message)?.[1]?.trim();
  if (quoted) out.push(quoted.includes(' ') ? 'f quotes a phrase' : 'f quotes a word');
  if (/\d+\s*:\s*\d+/.test(message)) out.push('f chapter and verse');
  else if (/\b[1-3]?\s?[A-Z][a-z]+\.?\s+\d+\b/.test(message)) out.push('f chapter');
  // Words that point back at the last answer; a capitalised word past the first is a name of its own.
  const names = message
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^[A-Z][a-z]/.test(w) && !/^(?:I|God|Jesus|Lord|Christ|Bible|KJV|Greek|Hebrew)\b/.test(w)).length;
  if (words.some((w) => ['that', 'it', 'this', 'those', 'these', 'then'].includes(w)) && names === 0)
    out.push('f points back');
  if (names > 0) out.push(`f names ${Math.min(names, 2)}`);
  return out;
}
