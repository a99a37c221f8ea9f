/**
 * The trial reader's upgrade link: /immediate-upgrade/{return path}, the path (with its query, so
 * the reader comes back to the same passage) URL-encoded as one segment, without its leading slash.
 */
export function upgradeHref(pathname: string, search = ''): string {
  const path = `${pathname}${search}`.replace(/^\/+/, '');
  return `/immediate-upgrade/${encodeURIComponent(path)}`;
}
