/** Small HTTP caching helpers for bodies computed once at start-up. */
import { createHash } from 'node:crypto';

/** The Bible text never changes while a build is deployed; a new build changes the ETag. */
export const IMMUTABLE_CACHE = 'public, max-age=86400, immutable';

/** A strong ETag: a hash of the exact bytes served. */
export function strongEtag(body: string | Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** If-None-Match: a list of tags or '*'; weak comparison, as RFC 9110 asks for this header. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || (t.startsWith('W/') && t.slice(2) === etag);
  });
}

/** Whether Accept-Encoding allows gzip (a listed gzip or '*' without q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star ?? false;
}
