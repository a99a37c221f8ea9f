import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { waitForProjections } from '@lectio/platform/projections';
import { accountEvents, readModelNames, rebuildAccountRows } from '@lectio/projections';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';

// Reading plans through the HTTP API of a complete Lectio (the command and query sides and the projections, on PGlite).
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A read after a write carries its position, as the web does (the test waits for the read models first: the machine is shared). */
async function current(c: TestClient) {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
  return c.get('/api/plans/current', c.position ? { [MIN_POSITION_HEADER]: c.position } : {});
}

async function reader() {
  const c = t.client();
  const name = unique('planner');
  expect((await c.register(name, `${name}@example.com`)).status).toBe(201);
  return c;
}

const chapters = (...refs: Array<[string, string, number]>) =>
  refs.map(([reference, book, chapter]) => ({ reference, book, chapter }));

describe('reading plans API', { timeout: 120_000 }, () => {
  it('GET /api/plans lists the plans with their length, to anyone', async () => {
    const r = await t.client().get('/api/plans');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      plans: [
        { id: 'new-testament-90', name: 'The New Testament in 90 days', days: 90 },
        { id: 'gospels-30', name: 'The Gospels in 30 days', days: 30 },
        { id: 'chapter-a-day', name: 'One chapter a day from Matthew 1', days: 260 },
        { id: 'bible-year', name: 'The Bible in a year', days: 365 },
      ],
    });
  });

  it('a reader with no plan has none', async () => {
    const c = await reader();
    expect((await current(c)).body).toEqual({ planId: null, day: null, completedDays: [], today: [] });
  });

  it('start, read, mark days done: the next day is offered; a missed day is still offered until read', async () => {
    const c = await reader();
    const started = await c.post('/api/plans/gospels-30/start');
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      planId: 'gospels-30',
      day: 1,
      completedDays: [],
      today: chapters(['Matthew 1', 'matthew', 1], ['Matthew 2', 'matthew', 2]),
    });
    expect((await current(c)).body).toEqual(started.body);

    const marked = await c.post('/api/plans/gospels-30/progress', { day: 1 });
    expect(marked.status).toBe(200);
    const day2 = {
      planId: 'gospels-30',
      day: 2,
      completedDays: [1],
      today: chapters(['Matthew 3', 'matthew', 3], ['Matthew 4', 'matthew', 4], ['Matthew 5', 'matthew', 5]),
    };
    expect(marked.body).toEqual(day2);
    expect((await current(c)).body).toEqual(day2);

    // Day 3 read ahead, day 2 skipped: day 2 is still the day offered (caught up, never locked out).
    await c.post('/api/plans/gospels-30/progress', { day: 3 });
    expect((await current(c)).body).toMatchObject({ day: 2, completedDays: [1, 3] });
    await c.post('/api/plans/gospels-30/progress', { day: 2 });
    expect((await current(c)).body).toMatchObject({
      day: 4,
      completedDays: [1, 2, 3],
      today: chapters(['Matthew 9', 'matthew', 9], ['Matthew 10', 'matthew', 10], ['Matthew 11', 'matthew', 11]),
    });
  });

  it('marking a day twice records it once; starting the same plan again keeps the progress', async () => {
    const c = await reader();
    await c.post('/api/plans/chapter-a-day/start');
    const first = await c.post('/api/plans/chapter-a-day/progress', { day: 1 });
    expect(first.headers['x-lectio-position']).not.toBe('0');
    const again = await c.post('/api/plans/chapter-a-day/progress', { day: 1 });
    expect(again.status).toBe(200);
    expect(again.headers['x-lectio-position']).toBe('0');
    expect((await c.post('/api/plans/chapter-a-day/start')).body).toMatchObject({ day: 2, completedDays: [1] });
    expect((await current(c)).body).toEqual({
      planId: 'chapter-a-day',
      day: 2,
      completedDays: [1],
      today: chapters(['Matthew 2', 'matthew', 2]),
    });
  });

  it('starting another plan follows it from day 1', async () => {
    const c = await reader();
    await c.post('/api/plans/gospels-30/start');
    await c.post('/api/plans/gospels-30/progress', { day: 1 });
    await c.post('/api/plans/new-testament-90/start');
    expect((await current(c)).body).toEqual({
      planId: 'new-testament-90',
      day: 1,
      completedDays: [],
      today: chapters(['Matthew 1', 'matthew', 1], ['Matthew 2', 'matthew', 2]),
    });
  });

  it('the last day read finishes the plan: no day is offered', async () => {
    const c = await reader();
    await c.post('/api/plans/gospels-30/start');
    for (let day = 1; day <= 30; day++)
      expect((await c.post('/api/plans/gospels-30/progress', { day })).status).toBe(200);
    const done = (await current(c)).body;
    expect(done).toMatchObject({ planId: 'gospels-30', day: null, today: [] });
    expect(done.completedDays).toHaveLength(30);
  });

  it('an unknown plan is 404', async () => {
    const c = await reader();
    expect(await c.post('/api/plans/psalms-in-a-week/start')).toMatchObject({
      status: 404,
      body: { message: 'Reading plan not found' },
    });
    expect(await c.post('/api/plans/psalms-in-a-week/progress', { day: 1 })).toMatchObject({
      status: 404,
      body: { message: 'Reading plan not found' },
    });
  });

  it('a day outside the plan, or not a whole number, is 400 in the spec’s error shape', async () => {
    const c = await reader();
    await c.post('/api/plans/gospels-30/start');
    for (const day of [0, 31]) {
      expect(await c.post('/api/plans/gospels-30/progress', { day })).toMatchObject({
        status: 400,
        body: {
          message: 'Choose a day from 1 to 30',
          errors: [{ field: 'day', message: 'Choose a day from 1 to 30' }],
        },
      });
    }
    const notNumber = await c.post('/api/plans/gospels-30/progress', { day: 'one' });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.errors[0].field).toBe('day');
    expect((await c.post('/api/plans/gospels-30/progress', {})).status).toBe(400);
    expect((await current(c)).body.completedDays).toEqual([]);
  });

  it('starting takes no body: `{}` is accepted, anything else is 400', async () => {
    const c = await reader();
    expect((await c.post('/api/plans/gospels-30/start', {})).status).toBe(200);
    expect(await c.post('/api/plans/gospels-30/start', [1])).toMatchObject({
      status: 400,
      body: { message: 'This request takes no body' },
    });
  });

  it('a day of a plan the reader does not follow is 409', async () => {
    const c = await reader();
    expect(await c.post('/api/plans/gospels-30/progress', { day: 1 })).toMatchObject({
      status: 409,
      body: { message: 'Start this plan before marking its days' },
    });
  });

  it('signed out is 401 on every reader call', async () => {
    const c = t.client();
    for (const r of [
      await c.get('/api/plans/current'),
      await c.post('/api/plans/gospels-30/start'),
      await c.post('/api/plans/gospels-30/progress', { day: 1 }),
    ]) {
      expect(r).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    }
  });

  it('support’s rebuild of a reader’s rows keeps their plan (the plans stream is part of the account)', async () => {
    const c = t.client();
    const name = unique('rebuilt');
    const userId: string = (await c.register(name, `${name}@example.com`)).body.id;
    await c.post('/api/plans/gospels-30/start');
    await c.post('/api/plans/gospels-30/progress', { day: 1 });
    expect((await current(c)).body).toMatchObject({ planId: 'gospels-30', day: 2 });
    await rebuildAccountRows(t.lectio.rt.db, userId, await accountEvents(t.lectio.rt, userId));
    expect((await current(c)).body).toMatchObject({ planId: 'gospels-30', day: 2, completedDays: [1] });
  });

  it('one reader’s plan is theirs alone', async () => {
    const a = await reader();
    const b = await reader();
    await a.post('/api/plans/gospels-30/start');
    await current(a);
    expect((await current(b)).body.planId).toBeNull();
  });
});
