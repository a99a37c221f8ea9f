import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

  it('does not keep the process alive once it has answered (a closed server exits)', async () => {
    const module = fileURLToPath(new URL('./password-strength.ts', import.meta.url));
    // A timer stands for the server's socket while the check runs; once it is cleared, nothing should be left.
    const script = `const busy = setInterval(() => {}, 1000); import(${JSON.stringify(module)}).then(async (m) => { console.log(await m.isWeakPasswordOffLoop("password123"), m.strengthWorkerStats.answered); clearInterval(busy); });`;
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(tsx, ['--eval', script], { timeout: 20_000 }, (error, out) =>
        resolve({ code: error ? (error.code as number | null) : 0, stdout: out }),
      );
      child.stdin?.end();
    });
    // Before the fix the worker's port held the process until the 20 s timeout killed it.
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'true 1' });
  }, 30_000);
});
