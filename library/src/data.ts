/**
 * Reads the committed files under library/data/. A file may be stored gzipped (name.json.gz)
 * when it is large; callers name it without the suffix and get the parsed JSON either way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const dataUrl = (path: string): URL => new URL(`../data/${path}`, import.meta.url);

/** The absolute path of a data file, for tools and tests. */
export function dataPath(path: string): string {
  return dataUrl(path).pathname;
}

/** True when `path` (or `path.gz`) exists under library/data/. */
export function hasData(path: string): boolean {
  return existsSync(dataUrl(path)) || existsSync(dataUrl(`${path}.gz`));
}

/** Parses library/data/<path>, or its gzipped form; throws a message naming the file when neither exists. */
export function readData<T>(path: string): T {
  const text = existsSync(dataUrl(path))
    ? readFileSync(dataUrl(path), 'utf8')
    : existsSync(dataUrl(`${path}.gz`))
      ? gunzipSync(readFileSync(dataUrl(`${path}.gz`))).toString('utf8')
      : undefined;
  if (text === undefined)
    throw new Error(`library data file missing: library/data/${path} (library/data/README.md says how to build it)`);
  // The files are written by tools/ from these same types (and checked by library's tests).
  return JSON.parse(text) as T;
}

/** readData, or `fallback` when the file is not there (a data set not converted on this machine). */
export function readOptionalData<T>(path: string, fallback: T): T {
  return hasData(path) ? readData<T>(path) : fallback;
}
