import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@lectio/platform/testing';
import { startTestLectio, unique } from '../testing';

/**
 * Write races on PostgreSQL, where appends really run at once on separate connections: commands on
 * one stream that lose the optimistic-concurrency race are decided again inside, so the reader
 * never sees the race.
 */
const pg = await createTestDatabase();

describe.skipIf(!pg)('concurrent commands on one stream (PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    t = await startTestLectio({ env: { DATABASE_URL: pg!.url } });
  });
  afterAll(async () => {
    await t?.close();
    await pg?.drop();
  });

  it('50 dismissals of the preference reminder sent at once all succeed, each recorded once', async () => {
    const c = t.client();
    const name = unique('racer');
    const registered = await c.register(name, `${name}@example.com`);
    expect(registered.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 50 }, () => c.post('/api/user/preference-reminder/dismiss')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.every((a) => a.body.showReminder === false)).toBe(true);
    const events = await t.lectio.rt.store.readStream(`user-${registered.body.id}`);
    expect(events.filter((e) => e.type === 'PreferenceReminderDismissed')).toHaveLength(50);
  }, 60_000);
});
