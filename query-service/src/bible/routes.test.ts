import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { BOOKS, TOTAL_CHAPTERS } from '@lectio/contracts/books';
import { registerBibleRoutes } from './routes';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerBibleRoutes(app);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/bible/books', () => {
  it('lists the 27 books', async () => {
    const res = await app.inject('/api/bible/books');
    expect(res.statusCode).toBe(200);
    expect(res.json().books).toEqual(BOOKS);
  });
});

describe('GET /api/bible/:bookId/:chapter', () => {
  it("returns the spec's bookName, chapterTitle and verses, with the module's layout and our section headings", async () => {
    const res = await app.inject('/api/bible/john/3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bookName', 'chapterTitle', 'sections', 'verses']);
    expect(body.bookName).toBe('John');
    expect(body.chapterTitle).toBe('Jesus and Nicodemus: born from above');
    const text =
      'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.';
    expect(body.verses[15]).toEqual({
      number: 16,
      text,
      notes: [
        [
          text.indexOf(' Son'),
          'The phrase “only born” is from the Greek word “μονογενη”, which is sometimes translated “only begotten” or “one and only”.',
        ],
      ],
    });
    // A paragraph begins at verse 3 (the WEB's <div type="x-p">); our headings open at 1 and 16.
    expect(body.verses[2].breaks).toEqual([[0, 'p']]);
    expect(body.sections.slice(0, 2)).toEqual([
      { verse: 1, heading: 'Jesus and Nicodemus' },
      { verse: 16, heading: "God's love for the world" },
    ]);
  });

  it('serves the Reina-Valera 1909 beside the English texts', async () => {
    const res = await app.inject('/api/bible/john/3?translation=rv1909');
    expect(res.json().verses[15].text).toMatch(/^Porque de tal manera amó Dios al mundo/);
  });

  it('serves the KJV when asked', async () => {
    const res = await app.inject('/api/bible/john/3?translation=kjv');
    expect(res.json().verses[15].text).toContain('only begotten Son');
  });

  it('sends a strong ETag and a long cache lifetime, and 304 on If-None-Match', async () => {
    const res = await app.inject('/api/bible/romans/8');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toContain('max-age=86400');
    const again = await app.inject({ url: '/api/bible/romans/8', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const listed = await app.inject({ url: '/api/bible/romans/8', headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.statusCode).toBe(304);
    const kjv = await app.inject('/api/bible/romans/8?translation=kjv');
    expect(kjv.headers.etag).not.toBe(etag);
    const stale = await app.inject({ url: '/api/bible/romans/8', headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('accepts the hyphenated id spelling', async () => {
    const res = await app.inject('/api/bible/corinthians-1/13');
    expect(res.statusCode).toBe(200);
    expect(res.json().chapterTitle).toBe('The way of love');
  });

  it.each([
    ['/api/bible/genesis/1', 404, 'Book not found'],
    ['/api/bible/john/22', 404, 'Chapter not found'],
    ['/api/bible/john/0', 404, 'Chapter not found'],
    ['/api/bible/john/abc', 404, 'Chapter not found'],
    ['/api/bible/john/3.5', 404, 'Chapter not found'],
    ['/api/bible/john/99999999999999999999', 404, 'Chapter not found'],
    ['/api/bible/john/3?translation=niv', 400, undefined],
    ['/api/bible/john/3?translation=web&translation=kjv', 400, undefined],
  ])('%s -> %i', async (url, status, message) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
    if (message) expect(res.json().message).toBe(message);
  });
});

describe('the Old Testament: GET /api/bible/ot/books, /api/bible/ot/:bookId/:chapter, /api/bible/ot/bundle', () => {
  it('lists its 39 books apart from the 27 of /api/bible/books', async () => {
    const books = (await app.inject('/api/bible/ot/books')).json().books;
    expect(books).toHaveLength(39);
    expect(books[22]).toEqual({ id: 'isaiah', name: 'Isaiah', chapters: 66, order: 22 });
    expect((await app.inject('/api/bible/books')).json().books).toHaveLength(27);
  });

  it('serves Isaiah 53 and Psalm 23 with their lines of poetry, in each text, with an ETag', async () => {
    const isaiah = await app.inject('/api/bible/ot/isaiah/53');
    expect(isaiah.statusCode).toBe(200);
    expect(isaiah.headers.etag).toMatch(/^"/);
    expect(isaiah.json()).toMatchObject({ bookName: 'Isaiah', chapterTitle: '' });
    expect(isaiah.json().verses[4].text).toMatch(/^But he was pierced for our transgressions/);
    const psalm = (await app.inject('/api/bible/ot/psalms/23')).json();
    expect(psalm.verses[0]).toMatchObject({
      number: 1,
      title: 'A Psalm by David.',
      breaks: [
        [0, 's1'],
        [23, 'l2'],
      ],
    });
    expect((await app.inject('/api/bible/ot/psalms/23?translation=kjv')).json().verses[0].text).toBe(
      'The LORD is my shepherd; I shall not want.',
    );
    expect((await app.inject('/api/bible/ot/psalms/23?translation=rv1909')).json().verses[0].text).toMatch(
      /JEHOVÁ es mi pastor/,
    );
    const again = await app.inject({
      url: '/api/bible/ot/isaiah/53',
      headers: { 'if-none-match': isaiah.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['/api/bible/ot/john/3', 404, 'Book not found'],
    ['/api/bible/ot/isaiah/67', 404, 'Chapter not found'],
    ['/api/bible/ot/isaiah/x', 404, 'Chapter not found'],
    ['/api/bible/ot/isaiah/1?translation=niv', 400, 'Unknown translation; use one of: web, kjv, rv1909'],
    ['/api/bible/ot/bundle?translation=rv1909', 400, 'Unknown translation; use one of: web, kjv'],
  ])('%s -> %i', async (url, status, message) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('sends the whole Old Testament as one gzip bundle, on request only', async () => {
    const res = await app.inject({
      url: '/api/bible/ot/bundle?translation=kjv',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(Object.keys(body.books)).toHaveLength(39);
    expect(body.books.malachi['4'].verses).toHaveLength(6);
  });
});

describe('GET /api/bible/bundle', () => {
  it('sends the whole New Testament gzip-compressed, decoding to 260 chapters', async () => {
    const res = await app.inject({
      url: '/api/bible/bundle?translation=web',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    const bundle = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(bundle.translation).toBe('web');
    expect(typeof bundle.version).toBe('string');
    const chapters = Object.values(bundle.books as Record<string, Record<string, unknown>>).flatMap((b) =>
      Object.values(b),
    );
    expect(chapters).toHaveLength(TOTAL_CHAPTERS);
    expect(bundle.books.john['3'].verses[15].text).toContain('only born Son');
    expect(bundle.books.corinthians1['13'].chapterTitle).toBe('The way of love');

    const again = await app.inject({
      url: '/api/bible/bundle',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends plain JSON to a client that does not accept gzip, with a different ETag', async () => {
    const gz = await app.inject({ url: '/api/bible/bundle?translation=kjv', headers: { 'accept-encoding': 'gzip' } });
    const res = await app.inject({
      url: '/api/bible/bundle?translation=kjv',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().books.revelation['22'].verses).toHaveLength(21);
    expect(res.headers.etag).not.toBe(gz.headers.etag);
    const refused = await app.inject({
      url: '/api/bible/bundle?translation=kjv',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('rejects an unknown translation', async () => {
    expect((await app.inject('/api/bible/bundle?translation=xyz')).statusCode).toBe(400);
  });
});

describe('GET /api/bible/search', () => {
  it('offers a corrected query when a misspelt word finds nothing', async () => {
    const body = (await app.inject('/api/bible/search?q=forgivness%20of%20sins')).json();
    expect(body).toMatchObject({ suggestion: 'forgiveness of sins' });
    expect((await app.inject('/api/bible/search?q=forgiveness')).json().suggestion).toBeNull();
  });

  it("ranks 1 Corinthians 13:4 first for 'love is patient'", async () => {
    const res = await app.inject('/api/bible/search?q=love%20is%20patient&translation=web');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.query).toBe('love is patient');
    expect(body.reference).toBeNull();
    expect(body.results[0]).toMatchObject({ bookId: 'corinthians1', bookName: '1 Corinthians', chapter: 13, verse: 4 });
    expect(body.results[0].highlighted).toContain('<mark>Love</mark> is <mark>patient</mark>');
    expect(body.total).toBeGreaterThanOrEqual(body.results.length);
  });

  it("answers the reference 'jn 3:16' with that verse", async () => {
    const res = await app.inject('/api/bible/search?q=jn%203:16');
    const body = res.json();
    expect(body.reference).toEqual({ bookId: 'john', bookName: 'John', chapter: 3, verse: 16, testament: 'new' });
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ bookId: 'john', chapter: 3, verse: 16 });
    expect(body.results[0].text).toContain('only born Son');
  });

  it('answers a verse range and a chapter reference', async () => {
    const range = (await app.inject('/api/bible/search?q=1%20Cor%2013:4-7')).json();
    expect(range.results.map((r: { verse: number }) => r.verse)).toEqual([4, 5, 6, 7]);
    const chapter = (await app.inject('/api/bible/search?q=Romans%208')).json();
    expect(chapter.reference).toEqual({ bookId: 'romans', bookName: 'Romans', chapter: 8, testament: 'new' });
    expect(chapter.results).toEqual([]);
  });

  it('respects limit and escapes HTML around the marks', async () => {
    const body = (await app.inject('/api/bible/search?q=grace&limit=3&translation=kjv')).json();
    expect(body.results).toHaveLength(3);
    expect(body.total).toBeGreaterThan(3);
    for (const r of body.results) {
      expect(r.highlighted.toLowerCase()).toContain('<mark>grace</mark>');
      expect(r.highlighted.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it.each([
    ['/api/bible/search', 400],
    ['/api/bible/search?q=', 400],
    ['/api/bible/search?q=%20%20', 400],
    [`/api/bible/search?q=${'a'.repeat(201)}`, 400],
    ['/api/bible/search?q=love&limit=ten', 400],
    ['/api/bible/search?q=love&translation=esv', 400],
    ['/api/bible/search?q=%3Cscript%3E', 200],
  ])('%s -> %i', async (url, status) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(typeof res.json().message).toBe('string');
  });
});

describe('search: Old Testament references and input that is not words', () => {
  it.each([
    ['Genesis%201:1', 'genesis', 1, 1, /^In the beginning, God created the heavens and the earth\.$/],
    ['isa%2053:5', 'isaiah', 53, 5, /^But he was pierced for our transgressions/],
  ])('%s is a reference of the Old Testament, with its verse', async (q, bookId, chapter, verse, text) => {
    const body = (await app.inject(`/api/bible/search?q=${q}`)).json();
    expect(body).toMatchObject({ reference: { bookId, chapter, verse, testament: 'old' }, total: 1, notice: null });
    expect(body.results[0].text).toMatch(text);
  });

  it('Psalm 23 is a chapter reference, without hits', async () => {
    const body = (await app.inject('/api/bible/search?q=Psalm%2023')).json();
    expect(body).toMatchObject({
      reference: { bookId: 'psalms', chapter: 23, bookName: 'Psalms' },
      results: [],
      total: 0,
    });
  });

  it('searches the Old Testament, or the whole Bible, when asked; the New by default', async () => {
    const words = (testament: string) =>
      app.inject(`/api/bible/search?q=shepherd%20lack%20nothing${testament}`).then((r) => r.json());
    expect((await words('')).results.every((r: { bookId: string }) => r.bookId !== 'psalms')).toBe(true);
    expect((await words('&testament=old')).results[0]).toMatchObject({ bookId: 'psalms', chapter: 23, verse: 1 });
    const all = await app.inject('/api/bible/search?q=love%20is%20patient&testament=all').then((r) => r.json());
    expect(all.results[0]).toMatchObject({ bookId: 'corinthians1', chapter: 13, verse: 4 });
    expect((await app.inject('/api/bible/search?q=love&testament=ot')).statusCode).toBe(400);
  });

  it('searches a bare Old Testament name as words when the text has them', async () => {
    const body = (await app.inject('/api/bible/search?q=Jonah')).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.notice).toBeNull();
  });

  it("gives no 'Did you mean' for markup", async () => {
    const body = (await app.inject('/api/bible/search?q=%3Cimg%20src%3Dx%3E')).json();
    expect(body.suggestion).toBeNull();
  });

  it('keeps the whole range of a verse-range reference (the reader marks 4 to 7)', async () => {
    const body = (await app.inject('/api/bible/search?q=1%20Cor%2013:4-7')).json();
    expect(body.reference).toEqual({
      bookId: 'corinthians1',
      bookName: '1 Corinthians',
      chapter: 13,
      verse: 4,
      verseEnd: 7,
      testament: 'new',
    });
  });
});

describe('GET /api/bible/passage', () => {
  it("is immutable: it never waits for the reader's own writes", async () => {
    const { readsOwnWrites } = await import('@lectio/contracts/read-your-writes');
    expect(readsOwnWrites('/api/bible/passage?ref=Isaiah%2053:5&translation=web')).toBe(false);
  });

  it('previews an Old Testament verse in the WEB and the KJV', async () => {
    const res = await app.inject('/api/bible/passage?ref=Isaiah%2053:5&translation=web');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.json()).toEqual({
      reference: 'Isaiah 53:5',
      book: 'isaiah',
      chapter: 53,
      verse: 5,
      verseEnd: null,
      testament: 'old',
      verses: [{ number: 5, text: expect.stringContaining('by his wounds we are healed') }],
    });
    const kjv = (await app.inject('/api/bible/passage?ref=Isa%2053:5&translation=kjv')).json();
    expect(kjv.verses[0].text).toContain('with his stripes we are healed');
  });

  it('previews a range, a chapter and a New Testament reference', async () => {
    const range = (await app.inject('/api/bible/passage?ref=1%20Cor%2013:4-7')).json();
    expect(range).toMatchObject({ reference: '1 Corinthians 13:4-7', testament: 'new', verse: 4, verseEnd: 7 });
    expect(range.verses.map((v: { number: number }) => v.number)).toEqual([4, 5, 6, 7]);
    const psalm = (await app.inject('/api/bible/passage?ref=Ps%2023')).json();
    expect(psalm).toMatchObject({ reference: 'Psalms 23', book: 'psalms', verse: null, verseEnd: null });
    expect(psalm.verses).toHaveLength(6);
  });

  it.each([
    ['/api/bible/passage', 400, 'Enter a reference, e.g. Isaiah 53:5'],
    ['/api/bible/passage?ref=%20', 400, 'Enter a reference, e.g. Isaiah 53:5'],
    ['/api/bible/passage?ref=3:16', 400, 'Not a Bible reference, e.g. Isaiah 53:5'],
    [`/api/bible/passage?ref=${'a'.repeat(61)}`, 400, 'A reference is limited to 60 characters'],
    ['/api/bible/passage?ref=Isaiah%2053:5&translation=esv', 400, 'Unknown translation; use one of: web, kjv'],
    ['/api/bible/passage?ref=Hezekiah%203:16', 404, 'Book not found'],
    ['/api/bible/passage?ref=Jude%202:1', 404, 'Chapter not found'],
    ['/api/bible/passage?ref=John%203:99', 404, 'Verse not found'],
    ['/api/bible/passage?ref=John%203:16-99', 404, 'Verse not found'],
    ['/api/bible/passage?ref=Isaiah%2053:5&ref=John%203:16', 400, 'Enter a reference, e.g. Isaiah 53:5'],
  ])('%s -> %i %s', async (url, status, message) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });
});

describe('GET /api/bible/words-of-jesus', () => {
  it("marks Jesus' words in John 3:3 and not the narrator's, per translation, cached with an ETag", async () => {
    const chapter = (await app.inject('/api/bible/john/3')).json();
    const verse3: string = chapter.verses.find((v: { number: number }) => v.number === 3).text;
    const res = await app.inject('/api/bible/words-of-jesus');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.translation).toBe('web');
    const [, start, end] = body.books.john['3'].find((s: number | number[]) => Array.isArray(s) && s[0] === 3);
    expect(verse3.slice(0, start)).toBe('Jesus answered him, ');
    expect(verse3.slice(start, end)).toBe(
      '“Most certainly I tell you, unless one is born anew, he can’t see God’s Kingdom.”',
    );
    expect(body.books.john['3']).toContain(16);
    expect(body.books.romans).toBeUndefined();
    expect(res.headers['cache-control']).toContain('immutable');
    expect(
      (await app.inject({ url: '/api/bible/words-of-jesus', headers: { 'if-none-match': res.headers.etag as string } }))
        .statusCode,
    ).toBe(304);
    const kjv = (await app.inject('/api/bible/words-of-jesus?translation=kjv')).json();
    expect(kjv.translation).toBe('kjv');
    expect(kjv.books.john['3'][0]).toEqual([3, 34, 129]);
    expect((await app.inject('/api/bible/words-of-jesus?translation=xyz')).statusCode).toBe(400);
  });
});

describe('GET /api/study/:book/:chapter/:verse', () => {
  it('returns exactly reference, commentary, crossReferences, words and topics, each item in its shape', async () => {
    const res = await app.inject('/api/study/john/3/16');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'commentary',
      'crossReferences',
      'footnotes',
      'reference',
      'topics',
      'words',
    ]);
    expect(body.reference).toBe('John 3:16');
    for (const c of body.commentary)
      expect(
        Object.keys(c)
          .filter((k) => k !== 'section' && k !== 'links')
          .sort(),
      ).toEqual(['source', 'text']);
    // Each link a reference in the text, by its offsets.
    for (const l of body.commentary.flatMap((c: { links?: unknown[] }) => c.links ?? []))
      expect(l).toEqual({
        start: expect.any(Number),
        end: expect.any(Number),
        book: expect.any(String),
        chapter: expect.any(Number),
        verse: expect.anything(),
      });
    expect(body.commentary[0].source).toBe("Matthew Henry's Concise Commentary (1706-1721)");
    expect(body.commentary[0].text).toContain('God so loved the world');
    for (const r of body.crossReferences) {
      expect(
        Object.keys(r).every((k) =>
          ['reference', 'book', 'chapter', 'verse', 'verseEnd', 'votes', 'text', 'href'].includes(k),
        ),
      ).toBe(true);
      expect(r).toMatchObject({
        reference: expect.any(String),
        book: expect.any(String),
        chapter: expect.any(Number),
        verse: expect.any(Number),
        votes: expect.any(Number),
      });
      expect(r.text.length).toBeGreaterThan(0);
    }
    expect(body.crossReferences.find((r: { reference: string }) => r.reference === 'Romans 5:8')).toMatchObject({
      book: 'romans',
      chapter: 5,
      verse: 8,
      href: '/home?book=romans&chapter=5&verse=8',
      text: expect.stringContaining('while we were yet sinners, Christ died for us'),
    });
    expect(body.words.find((w: { text: string }) => w.text === 'loved')).toEqual({
      text: 'loved',
      strongs: 'G25',
      lemma: 'ἀγαπάω',
      transliteration: 'agapáō',
      definition: 'to love (in a social or moral sense)',
      occurrences: expect.any(Number),
    });
    for (const t of body.topics) expect(Object.keys(t).sort()).toEqual(['count', 'name']);
    expect(body.topics.map((t: { name: string }) => t.name)).toContain('God: Love of');
  });

  it("labels Scofield's note with author and year, takes the WEB's own words, and gives the WEB's footnote on 'only born'", async () => {
    const body = (await app.inject('/api/study/john/3/16')).json();
    const scofield = body.commentary.find((c: { source: string }) => c.source.startsWith('Scofield'));
    expect(scofield).toEqual({
      source: 'Scofield Reference Notes (C. I. Scofield, 1917)',
      text: expect.stringMatching(/^perish: /),
      links: expect.any(Array),
    });
    expect(body.commentary.find((c: { section?: string }) => c.section)).toMatchObject({ section: 'John 3:1-21' });
    // The WEB's tags: 'believes' (the KJV's 'believeth'), G25 for 'loved'.
    expect(body.words.map((w: { text: string; strongs: string }) => `${w.text} ${w.strongs}`)).toEqual(
      expect.arrayContaining(['loved G25', 'believes G4100']),
    );
    expect(body.footnotes).toEqual([
      {
        text: 'The phrase “only born” is from the Greek word “μονογενη”, which is sometimes translated “only begotten” or “one and only”.',
      },
    ]);
    const kjv = (await app.inject('/api/study/john/3/16?translation=kjv')).json();
    expect(kjv.words.map((w: { text: string; strongs: string }) => `${w.text} ${w.strongs}`)).toEqual(
      expect.arrayContaining(['loved G25', 'believeth G4100']),
    );
    expect(kjv.footnotes).toBeUndefined();
  });

  it('gives an Old Testament cross-reference its text and its reader link; the KJV when asked', async () => {
    const body = (await app.inject('/api/study/timothy2/3/16?translation=kjv')).json();
    const old = body.crossReferences.find((r: { book: string }) => r.book === 'exodus');
    expect(old.text.length).toBeGreaterThan(20);
    expect(old.href).toBe(`/home?book=exodus&chapter=${old.chapter}&verse=${old.verse}`);
    expect(body.crossReferences.find((r: { reference: string }) => r.reference === '2 Peter 1:21').text).toContain(
      'holy men of God spake',
    );
  });

  it('is 404 with a message for a verse, chapter or book that does not exist', async () => {
    for (const [path, message] of [
      ['/api/study/john/3/37', 'Verse not found'],
      ['/api/study/john/3/0', 'Verse not found'],
      ['/api/study/john/3/x', 'Verse not found'],
      ['/api/study/john/22/1', 'Chapter not found'],
      ['/api/study/tobit/1/1', 'Book not found'],
      ['/api/study/isaiah/67/1', 'Chapter not found'],
    ] as const) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ message });
    }
  });

  it('studies an Old Testament verse too: Henry on Isaiah 53:5, its cross-references, no Greek', async () => {
    const body = (await app.inject('/api/study/isaiah/53/5')).json();
    expect(body.reference).toBe('Isaiah 53:5');
    expect(body.commentary.length).toBeGreaterThan(0);
    expect(body.crossReferences.length).toBeGreaterThan(0);
    expect(body.words).toEqual([]);
  });

  it('is 400 for an unknown translation', async () => {
    const res = await app.inject('/api/study/john/3/16?translation=xyz');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown translation/);
  });

  it('sends a strong ETag and a long cache lifetime, and 304 on If-None-Match; another verse has another tag', async () => {
    const res = await app.inject('/api/study/romans/8/28');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toContain('immutable');
    const again = await app.inject({ url: '/api/study/romans/8/28', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject('/api/study/romans/8/29');
    expect(other.headers.etag).not.toBe(etag);
    expect((await app.inject({ url: '/api/study/romans/8/29', headers: { 'if-none-match': etag } })).statusCode).toBe(
      200,
    );
  });
});
