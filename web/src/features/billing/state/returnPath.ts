/*
 * /immediate-upgrade/{returnPath*}: the optional return path is URL-encoded, with no leading slash
 * (spec route table). It may only lead back into this app, never to another site.
 */
export const DEFAULT_RETURN_PATH = '/home';

export function upgradeReturnPath(splat: string | undefined | null): string {
  if (!splat) return DEFAULT_RETURN_PATH;
  let decoded: string;
  try {
    decoded = decodeURIComponent(splat);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  const path = '/' + decoded.replace(/^\/+/, '');
  // '//host' or '/\host' would leave the site; control characters have no business in a path.
  if (path === '/') return path;
  if (/^\/[\\/]/.test(path) || [...path].some((c) => c.charCodeAt(0) < 0x20)) return DEFAULT_RETURN_PATH;
  return path;
}

/** The upgrade link for the page the reader is on: '/home?book=john' -> '/immediate-upgrade/home%3Fbook%3Djohn'. */
export function upgradeHref(currentPath: string): string {
  const trimmed = currentPath.replace(/^\/+/, '');
  return trimmed ? `/immediate-upgrade/${encodeURIComponent(trimmed)}` : '/immediate-upgrade';
}
