import { paths } from '../../../lib/paths';

/*
 * /immediate-upgrade/{returnPath*}: the optional return path is URL-encoded, with no leading slash
 * (upgradeHref writes it). It may only lead back into this app, never to another site.
 */
export const DEFAULT_RETURN_PATH = paths.home;

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
