/**
 * Training never sees the held-out sets (library/heldout/): no script under tools/ names that
 * folder (the training scripts, their corpus readers, the converters), and no message of the
 * held-out safety files is in the training corpus (compared as lower-case words; only a count is
 * printed, never a message).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOOLS = join(ROOT, 'tools');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const textOf = (line: string): string => {
  const row: unknown = JSON.parse(line);
  return typeof row === 'object' && row !== null && 'text' in row && typeof row.text === 'string' ? row.text : '';
};

describe('the held-out sets stay out of training', () => {
  it('no file under tools/ (but this lint) names library/heldout', () => {
    const naming = filesUnder(TOOLS)
      .filter((f) => !f.startsWith(join(TOOLS, 'lint')))
      .filter((f) => /heldout/i.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(naming).toEqual([]);
  });

  it('the safety training corpus holds no held-out message', () => {
    const heldOut = new Set(
      readdirSync(join(ROOT, 'library/heldout'))
        .filter((f) => /^safety-.*\.jsonl$/.test(f))
        .flatMap((f) => linesOf(join(ROOT, 'library/heldout', f)).map((l) => key(textOf(l)))),
    );
    expect(heldOut.size).toBeGreaterThan(500);
    const corpus = filesUnder(join(TOOLS, 'safety/corpus')).flatMap((f) => linesOf(f).map((l) => key(textOf(l))));
    expect(corpus.length).toBeGreaterThan(1500);
    const shared = corpus.filter((t) => heldOut.has(t)).length;
    console.log(`safety training corpus: ${corpus.length} messages, ${shared} of them in the held-out sets`);
    expect(shared).toBe(0);
  });
});
