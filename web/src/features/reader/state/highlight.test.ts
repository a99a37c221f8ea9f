import { describe, expect, it } from 'vitest';
import { parseHighlighted } from './highlight';

describe('search highlight parsing', () => {
  it('splits marked runs and decodes entities', () => {
    expect(parseHighlighted('For God so <mark>loved</mark> the world &amp; &quot;all&quot;')).toEqual([
      { text: 'For God so ', mark: false },
      { text: 'loved', mark: true },
      { text: ' the world & "all"', mark: false },
    ]);
  });

  it('never turns escaped markup into elements', () => {
    expect(parseHighlighted('&lt;script&gt;x&lt;/script&gt; <mark>a</mark>')).toEqual([
      { text: '<script>x</script> ', mark: false },
      { text: 'a', mark: true },
    ]);
  });
});
