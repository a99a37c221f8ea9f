import { describe, expect, it } from 'vitest';
import { upgradeHref } from './paths';

describe('upgradeHref', () => {
  it('carries the passage (path and query) as one encoded segment, without its leading slash', () => {
    expect(upgradeHref('/home?book=john&chapter=3&verse=16')).toBe(
      '/immediate-upgrade/home%3Fbook%3Djohn%26chapter%3D3%26verse%3D16',
    );
    expect(decodeURIComponent(upgradeHref('/home?book=john&chapter=3').split('/')[2]!)).toBe(
      'home?book=john&chapter=3',
    );
    expect(upgradeHref('/home')).toBe('/immediate-upgrade/home');
    expect(upgradeHref('/')).toBe('/immediate-upgrade');
  });
});
