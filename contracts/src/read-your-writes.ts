/**
 * Which reads may wait for the client's own writes (the x-lectio-min-position header). The Bible
 * text, the book list, search and the offline bundle never change with a reader's writes, so they
 * never wait and the web app does not send the header on them; nor does the health probe.
 */
const NEVER_WAIT_PREFIXES = ['/api/bible/', '/api/health'] as const;

/** True when a GET of `url` (path, optionally with a query) may depend on the reader's own writes. */
export function readsOwnWrites(url: string): boolean {
  const path = url.startsWith('http') ? new URL(url).pathname : url.split('?')[0]!;
  if (!path.startsWith('/api/')) return false;
  return !NEVER_WAIT_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}
