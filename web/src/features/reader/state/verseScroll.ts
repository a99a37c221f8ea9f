/** Where a chosen verse, its page's sticky header and the billing banner above the passage are, in page coordinates. */
export interface VerseScrollFacts {
  verseTop: number;
  verseHeight: number;
  viewportHeight: number;
  headerHeight: number;
  /** The banner above the passage (equal top and bottom: no banner). */
  bannerTop: number;
  bannerBottom: number;
}

/**
 * The scroll position that shows a chosen verse: centred, unless centring leaves the banner above
 * the passage half under the sticky header (it peeked out, cut). Then the banner is shown whole
 * when the verse is still in view that way, or else scrolled wholly under the header.
 */
export function verseScrollTop(f: VerseScrollFacts): number {
  const centred = Math.max(0, Math.round(f.verseTop - (f.viewportHeight - f.verseHeight) / 2));
  const bannerWhole = Math.max(0, f.bannerTop - f.headerHeight);
  const bannerGone = f.bannerBottom - f.headerHeight;
  if (f.bannerBottom <= f.bannerTop || centred <= bannerWhole || centred >= bannerGone) return centred;
  const verseInView =
    f.verseTop >= bannerWhole + f.headerHeight && f.verseTop + f.verseHeight <= bannerWhole + f.viewportHeight;
  return verseInView ? bannerWhole : Math.ceil(bannerGone);
}
