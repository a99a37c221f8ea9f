/*
 * Downloads the whole-Testament bundle and keeps it in Cache Storage, off the page's main thread:
 * unpacking, parsing and storing a megabyte of JSON took a few hundred milliseconds there, in
 * the reader's first seconds. The page reads the kept bundle back only when a chapter needs it.
 */
import { OFFLINE_CACHE } from './cacheStorage';

export interface BundleJob {
  url: string;
  /** The kept bundle's ETag: a 304 keeps it. */
  etag: string | null;
}

export type BundleOutcome =
  | { status: 'unchanged' }
  | { status: 'stored'; count: number; books: string[] }
  /** `answered`: the server answered (an error status, a bad body), as opposed to no connection. */
  | { status: 'failed'; message: string; answered: boolean };

async function textOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (/gzip|octet-stream/.test(type) && res.body && typeof DecompressionStream !== 'undefined') {
    return new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text();
  }
  return res.text();
}

/** The chapters a bundle holds, by book (what the page would read from it). */
function chaptersOf(body: unknown): Map<string, number> | null {
  if (!body || typeof body !== 'object' || !('books' in body) || !body.books || typeof body.books !== 'object')
    return null;
  const found = new Map<string, number>();
  for (const [book, chapters] of Object.entries(body.books)) {
    if (!chapters || typeof chapters !== 'object') continue;
    const count = Object.entries(chapters).filter(
      ([chapter, content]) => Number.isInteger(Number(chapter)) && content,
    ).length;
    if (count > 0) found.set(book, count);
  }
  return found;
}

async function run({ url, etag }: BundleJob): Promise<BundleOutcome> {
  const res = await fetch(url, { credentials: 'include', headers: etag ? { 'if-none-match': etag } : {} });
  if (res.status === 304) return { status: 'unchanged' };
  if (!res.ok) return { status: 'failed', message: `Error fetching Bible content: ${res.statusText}`, answered: true };
  const text = await textOf(res);
  const chapters = chaptersOf(JSON.parse(text));
  if (!chapters) return { status: 'failed', message: 'Malformed Bible bundle', answered: true };
  const count = [...chapters.values()].reduce((a, b) => a + b, 0);
  if (count === 0) return { status: 'failed', message: 'Empty Bible bundle', answered: true };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const newTag = res.headers.get('etag');
  if (newTag) headers.etag = newTag;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(url, new Response(text, { headers }));
  return { status: 'stored', count, books: [...chapters.keys()] };
}

self.addEventListener('message', (e: MessageEvent<BundleJob>) => {
  run(e.data).then(
    (outcome) => self.postMessage(outcome),
    (err: unknown) =>
      self.postMessage({
        status: 'failed',
        message: err instanceof Error ? err.message : String(err),
        answered: false,
      } satisfies BundleOutcome),
  );
});
