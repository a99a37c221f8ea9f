import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database is one PostgreSQL in this process: a second process opening the same
 * directory (two `npm start`s, a restart that starts before the old one has stopped) writes over
 * its files and corrupts them. A lock file names the process holding the directory; it is taken
 * over when that process is gone (killed: nothing removed the file), recognised by its pid and
 * its start time, so a pid reused by another process is not mistaken for the holder.
 */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Lectio process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
    );
  }
}

interface Holder {
  pid: number;
  /** When the process started (Linux: /proc/<pid>/stat), so a reused pid is told apart. */
  started: string | null;
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name (which may itself hold spaces and brackets).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it exists, run by someone else.
    return typeof err === 'object' && err !== null && 'code' in err && err.code === 'EPERM';
  }
  return holder.started === null || startTimeOf(holder.pid) === holder.started;
}

function readHolder(file: string): Holder | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof value === 'object' && value !== null && 'pid' in value && typeof value.pid === 'number')
      return {
        pid: value.pid,
        started: 'started' in value && typeof value.started === 'string' ? value.started : null,
      };
  } catch {
    // unreadable or half-written: nobody holds it
  }
  return undefined;
}

/** Takes the directory for this process; the returned function gives it back (on close). */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'lectio.lock');
  const me: Holder = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (err) {
      if (!(typeof err === 'object' && err !== null && 'code' in err && err.code === 'EEXIST') || attempt > 0)
        throw err;
      const holder = readHolder(file);
      // This process again (opened, not closed, opened): its own affair, as before.
      if (holder && holder.pid !== process.pid && alive(holder)) throw new DataDirInUseError(dir, holder.pid);
      unlinkSync(file);
    }
  }
  return () => {
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
}
