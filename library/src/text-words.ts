/**
 * Words for comparing texts of different ages (the KJV, the WEB, Henry's 1706 English): lower case,
 * without the words that carry no meaning, reduced to their stem by the Porter stemmer (`stemmer`),
 * after the KJV's verb endings ('loveth', 'believest') are taken back to the modern form.
 */
import { stemmer } from 'stemmer';

const STOP = new Set(
  'a an and are art as at be but by did do does doth for from had has hast hath have he her him his how i if in is it its me my no nor not o of on or our shall she so than that the thee their them then there these they thou thus thy this to unto us was we were what when where which who whom why will with would ye you your about into can could should may might upon'.split(
    ' ',
  ),
);

// 'loveth' -> 'love', 'believest' -> 'believe' (the stemmer knows only modern English).
const archaic = (w: string): string => (w.length > 5 && /(?:eth|est)$/.test(w) ? w.slice(0, -2) : w);

/** Lower case words without apostrophes, in order (the words a phrase is made of). */
export const plainWords = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The stems of the words that carry meaning, in order. */
export const meaningWords = (text: string): string[] =>
  plainWords(text)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => stemmer(archaic(w)));
