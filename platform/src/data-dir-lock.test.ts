import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from './data-dir-lock';
import { openPglite } from './db';

const stat = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return s.slice(s.lastIndexOf(')') + 2).split(' ')[19];
};

describe('the embedded database directory is held by one process', () => {
  it('refuses a directory another running process holds, with a message saying what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lectio-lock-'));
    // The test runner's parent: a live process that is not this one.
    writeFileSync(join(dir, 'lectio.lock'), JSON.stringify({ pid: process.ppid, started: stat(process.ppid) }));
    const opened = openPglite(dir);
    await expect(opened).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(opened).rejects.toThrow(
      `in use by another Lectio process (pid ${process.ppid}). Stop it first, or set DATA_DIR to another directory.`,
    );
  });

  it('takes over the lock of a process that was killed, or whose pid now names another process, and gives it back on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lectio-lock-'));
    const gone = spawnSync('true').pid!;
    writeFileSync(join(dir, 'lectio.lock'), JSON.stringify({ pid: gone, started: '1' }));
    const db = await openPglite(dir);
    expect(JSON.parse(readFileSync(join(dir, 'lectio.lock'), 'utf8')).pid).toBe(process.pid);
    await db.close();
    expect(existsSync(join(dir, 'lectio.lock'))).toBe(false);
    // A reused pid: alive, but started at another time than the holder did.
    writeFileSync(join(dir, 'lectio.lock'), JSON.stringify({ pid: process.ppid, started: 'another time' }));
    const again = await openPglite(dir);
    await again.close();
  });
});
