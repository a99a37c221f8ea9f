/**
 * Builds what the assistant's warm-up would otherwise build at start (library/src/warm-up-artefacts.ts):
 * the two retrieval indexes, as MiniSearch serialises them, to library/data/retrieval/{verses,prose}.json.gz,
 * and the Bible's words the English word list lacks, to library/data/words/bible-only-words.json.gz:
 *   npx tsx tools/questions/build-indexes.ts
 * Run it after changing the Bible text, the commentaries, the dictionary, the introductions, our
 * written answers or the tokenizer; library/src/warm-up-artefacts.test.ts fails until it is run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { warmUpArtefacts } from '@lectio/library';

const dataPath = (file: string) => fileURLToPath(new URL(`../../library/data/${file}`, import.meta.url));

mkdirSync(dataPath('retrieval'), { recursive: true });
for (const [file, json] of Object.entries(warmUpArtefacts())) {
  const bytes = gzipSync(json, { level: 9 });
  writeFileSync(dataPath(`${file}.gz`), bytes);
  console.log(
    `wrote library/data/${file}.gz: ${(bytes.length / 1e6).toFixed(1)} MB (${(json.length / 1e6).toFixed(1)} MB of JSON)`,
  );
}
