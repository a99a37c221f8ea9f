import { describe, expect, it } from 'vitest';
import { verseScrollTop } from './verseScroll';

// A 390x844 phone: a 56 px sticky header, an 84 px banner right under it.
const phone = { viewportHeight: 844, headerHeight: 56, bannerTop: 56, bannerBottom: 140 };

describe('verseScrollTop', () => {
  it('centres a verse far down the chapter', () => {
    expect(verseScrollTop({ ...phone, verseTop: 2000, verseHeight: 60 })).toBe(2000 - 392);
  });

  it('keeps the banner whole when centring would cut it and the verse is in view from the top', () => {
    // Centred would be 50: the banner half under the header.
    expect(verseScrollTop({ ...phone, verseTop: 442, verseHeight: 60 })).toBe(0);
  });

  it('scrolls the banner wholly away when the verse is not in view with it', () => {
    expect(verseScrollTop({ ...phone, viewportHeight: 400, verseTop: 140, verseHeight: 270 })).toBe(84);
  });

  it('centres as before without a banner', () => {
    expect(verseScrollTop({ ...phone, bannerTop: 56, bannerBottom: 56, verseTop: 442, verseHeight: 60 })).toBe(50);
  });
});
