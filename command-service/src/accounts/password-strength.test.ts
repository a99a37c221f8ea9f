import { describe, expect, it } from 'vitest';
import { isWeakPassword, isWeakPasswordOffLoop, strengthWorkerStats } from './password-strength';

// Requests estimate on a worker thread (the estimate can take ~70 ms of CPU); its verdicts must be
// the estimator's own, with the person's username and e-mail counted as guessable words.
describe('password strength on the worker thread', () => {
  it('gives the same verdicts as the estimator, context included, also for many at once', async () => {
    const cases: Array<[string, { username?: string; email?: string }]> = [
      ['password123', {}],
      ['Acts-18:26 more accurately', {}],
      ['qorvextamblin!!', {}],
      ['qorvextamblin!!', { username: 'qorvextamblin' }],
      ['zorblax.quinte#7', { email: 'zorblax.quinte@example.com' }],
      ['tabernacle-of-meeting-42', {}],
      ['abc123'.repeat(21), {}],
      ['Lectio2026!', {}],
    ];
    const verdicts = await Promise.all(cases.map(([p, c]) => isWeakPasswordOffLoop(p, c)));
    expect(verdicts).toEqual(cases.map(([p, c]) => isWeakPassword(p, c)));
    expect(verdicts).toEqual([true, false, false, true, true, false, true, true]);
    // Answered by the worker, not by the fallback on this thread.
    expect(strengthWorkerStats).toEqual({ answered: cases.length, fallbacks: 0 });
  }, 30_000);
});
