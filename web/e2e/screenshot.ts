import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Screenshot comparison against committed baselines (web/e2e/__screenshots__/<name>.png), with
 * pixelmatch (anti-aliasing aware). UPDATE_SCREENSHOTS=1 writes the baselines instead; without a
 * baseline the comparison fails. Fonts are the app's own (bundled), so a run on another machine
 * draws the same glyphs; the tolerance absorbs sub-pixel rendering, not a moved or covering panel.
 */
const DIR = fileURLToPath(new URL('./__screenshots__/', import.meta.url));
/** A pixel differs when its colour distance passes pixelmatch's threshold (0 to 1). */
const PIXEL_THRESHOLD = 0.2;
/** At most this share of the pixels may differ: a panel over a third of the text changes far more. */
const MAX_DIFF_RATIO = 0.01;

export async function expectScreenshot(page: Page, name: string, options: { mask?: Locator[] } = {}) {
  const actual = PNG.sync.read(
    await page.screenshot({ animations: 'disabled', caret: 'hide', mask: options.mask, maskColor: '#888888' }),
  );
  const file = join(DIR, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, PNG.sync.write(actual));
    return;
  }
  expect(existsSync(file), `no baseline ${file}: run with UPDATE_SCREENSHOTS=1 and commit it`).toBe(true);
  const expected = PNG.sync.read(readFileSync(file));
  expect(`${actual.width}x${actual.height}`, name).toBe(`${expected.width}x${expected.height}`);
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (actual.width * actual.height);
  if (ratio > MAX_DIFF_RATIO) {
    const out = join(tmpdir(), `lectio-screenshot-${name}`);
    writeFileSync(`${out}-actual.png`, PNG.sync.write(actual));
    writeFileSync(`${out}-diff.png`, PNG.sync.write(diff));
    expect.fail(
      `${name}: ${(ratio * 100).toFixed(2)}% of the pixels differ from the baseline (at most ${MAX_DIFF_RATIO * 100}%); see ${out}-actual.png and -diff.png`,
    );
  }
}
