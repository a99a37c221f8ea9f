import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataPath } from './data';
import { searchProse, searchVerses } from './retrieval';
import { warmUpArtefacts } from './warm-up-artefacts';

describe('the artefacts warm-up reads instead of building', () => {
  it('are what tools/questions/build-indexes.ts builds from the library as it is now', () => {
    for (const [file, json] of Object.entries(warmUpArtefacts())) {
      const committed = gunzipSync(readFileSync(dataPath(`${file}.gz`))).toString('utf8');
      // Compared by length and content, so a failure names the file rather than printing megabytes.
      expect(committed.length, `library/data/${file}.gz is stale: run npx tsx tools/questions/build-indexes.ts`).toBe(
        json.length,
      );
      expect(committed === json, `library/data/${file}.gz is stale: run npx tsx tools/questions/build-indexes.ts`).toBe(
        true,
      );
    }
  }, 120_000);

  it('answer searches from the committed indexes as the built ones would', () => {
    expect(searchVerses('for God so loved the world that he gave his only son')[0]?.reference).toBe('John 3:16');
    expect(searchVerses('the Lord is my shepherd I shall not want')[0]?.reference).toBe('Psalms 23:1');
    const hits = searchProse('Who were the Pharisees?');
    expect(hits.some((h) => h.kind === 'dictionary' && h.title.startsWith('Pharisee'))).toBe(true);
  }, 60_000);
});
