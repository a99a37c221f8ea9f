/**
 * The reader's Scripture typeface, Literata (SIL Open Font License, from @fontsource/literata),
 * cut down to the characters Lectio sets in it and committed under web/src/assets/fonts/:
 *   literata-400.woff2         the Bible text of every translation (both testaments), headings, titles
 *   literata-400-italic.woff2  chapter titles, psalm titles and Selah
 *   literata-600.woff2         the chapter number (digits only)
 *
 *   npx tsx tools/fonts/subset.ts
 *
 * Why Literata: of the three open serifs considered (Literata, Source Serif 4, EB Garamond), it
 * has the tallest x-height (0.507 em against 0.475 and 0.400), so it reads best at phone sizes on
 * screen, where it was designed to be read (Google Play Books); subset to these characters its
 * regular weight is the smallest (16.7 KB, Source Serif 4 17.4 KB, EB Garamond 18.1 KB in the same
 * cut). EB Garamond's small eye needs a larger size for the same legibility.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'web/src/assets/fonts');
const require = createRequire(import.meta.url);
const fontFiles = join(dirname(require.resolve('@fontsource/literata/package.json')), 'files');

/** Every string under `value`, depth first. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* strings(v);
}

/** The characters of the Bible texts, our chapter titles and section headings. */
function scriptureCharacters(): string {
  const chars = new Set<string>();
  const add = (s: string) => {
    for (const ch of s) chars.add(ch);
  };
  const bible = join(root, 'library/data/bible');
  for (const name of readdirSync(bible).filter((n) => /^(ot-)?(web|kjv|rv1909)\.json$/.test(n))) {
    // Written by tools/bible/convert.ts (library/data/bible/README.md).
    const file: { books: Record<string, Record<string, Array<{ text: string; title?: string }>>> } = JSON.parse(
      readFileSync(join(bible, name), 'utf8'),
    );
    // The footnotes are set in the interface's sans serif: only the verses' own text and titles.
    for (const chapters of Object.values(file.books))
      for (const verses of Object.values(chapters)) for (const v of verses) add(v.text + (v.title ?? ''));
  }
  for (const s of strings(JSON.parse(readFileSync(join(root, 'query-service/data/chapter-titles.json'), 'utf8'))))
    add(s);
  const outlines = join(root, 'library/data/outlines');
  for (const name of readdirSync(outlines))
    for (const s of strings(JSON.parse(readFileSync(join(outlines, name), 'utf8')))) add(s);
  // Digits, the interface's punctuation, the no-break space.
  add('0123456789 .,;:!?()[]-–—‘’“”…\u00a0');
  return [...chars].sort().join('');
}

async function main(): Promise<void> {
  const text = scriptureCharacters();
  const cuts: Array<[source: string, target: string, chars: string]> = [
    ['literata-latin-400-normal.woff2', 'literata-400.woff2', text],
    ['literata-latin-400-italic.woff2', 'literata-400-italic.woff2', text],
    ['literata-latin-600-normal.woff2', 'literata-600.woff2', '0123456789'],
  ];
  for (const [source, target, chars] of cuts) {
    const font = await subsetFont(readFileSync(join(fontFiles, source)), chars, { targetFormat: 'woff2' });
    writeFileSync(join(out, target), font);
    console.log(`${target}: ${font.length} bytes (${[...chars].length} characters)`);
  }
  writeFileSync(join(out, 'OFL.txt'), readFileSync(join(dirname(fontFiles), 'LICENSE')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
