import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { z } from 'zod';

/*
 * PGlite's initdb costs 4-20 s of CPU for every new database, and a test run opens a few hundred
 * (a test server's data directory, an in-memory event store). A run makes one initialised, empty
 * cluster (`makePgliteTemplate`, from the test runner's global set-up) and every new database of it
 * starts from a copy. The template is a folder holding the cluster (`data/`) and its dump
 * (`data.tar`, what PGlite loads an in-memory database from), and clusters with sets of
 * migrations already applied (`migrated-<hash>/data/`, the set in `migrations.json`): a service
 * whose migrations one holds starts from it (the run's migrations cost as much again as initdb).
 */

const CLUSTER = 'data';
/** The run's template: the test run sets PGLITE_TEMPLATE for its processes and the servers they start; production never does. */
export const runTemplate = () => process.env.PGLITE_TEMPLATE;
const DUMP = 'data.tar';

/** A template of the installed PGlite in the system's temporary folder, made once and reused by later runs. */
export async function makePgliteTemplate(startParams: string[]): Promise<string> {
  // Named after the installed PGlite's version, so an upgrade makes a new one.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')));
  const dir = join(tmpdir(), `lectio-pglite-template-${version}`);
  if (existsSync(join(dir, DUMP))) return dir;
  // Made beside it and renamed into place, so runs starting together never see half a template.
  const building = mkdtempSync(join(tmpdir(), 'lectio-pglite-building-'));
  const lite = await PGlite.create(join(building, CLUSTER), { startParams });
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  writeFileSync(join(building, DUMP), Buffer.from(await dump.arrayBuffer()));
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return dir;
}

/** A migration as the template knows it: its id and the hash of its SQL, so an edited one is never taken as applied. */
const fingerprint = (m: { id: string; sql: string }) =>
  `${m.id}:${createHash('sha256').update(m.sql).digest('hex').slice(0, 16)}`;
const MIGRATED = 'migrations.json';

/** Adds a cluster with these migrations applied (`apply` opens a database in the folder given, migrates it and closes it). */
export async function addMigratedTemplate(
  template: string,
  migrations: { id: string; sql: string }[],
  apply: (dataDir: string) => Promise<void>,
) {
  const prints = migrations.map(fingerprint).sort();
  const dir = join(template, `migrated-${createHash('sha256').update(prints.join('\n')).digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, MIGRATED))) return dir;
  const building = mkdtempSync(join(template, 'building-'));
  await apply(join(building, CLUSTER));
  writeFileSync(join(building, MIGRATED), JSON.stringify(prints));
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return dir;
}

/** The template a database about to run these migrations starts from: a migrated cluster holding every one of them, else the bare one. */
export function templateFor(migrations: { id: string; sql: string }[], template = runTemplate()): string | undefined {
  if (!template || !existsSync(template)) return template;
  const wanted = migrations.map(fingerprint);
  for (const entry of readdirSync(template)) {
    const file = join(template, entry, MIGRATED);
    if (!entry.startsWith('migrated-') || !existsSync(file)) continue;
    const held = new Set(z.array(z.string()).parse(JSON.parse(readFileSync(file, 'utf8'))));
    if (wanted.every((p) => held.has(p))) return join(template, entry);
  }
  return template;
}

let dumpOf: { template: string; blob: Blob } | undefined;

/** Where a new database starts: a copy of the template's cluster (a folder with no cluster yet) or its dump (in memory). */
export function startFromTemplate(
  template: string | undefined,
  dataDir: string | undefined,
): Pick<PGliteOptions, 'loadDataDir'> {
  if (!template) return {};
  if (dataDir) {
    if (existsSync(join(template, CLUSTER)) && !existsSync(join(dataDir, 'PG_VERSION')))
      cpSync(join(template, CLUSTER), dataDir, { recursive: true });
    return {};
  }
  if (!existsSync(join(template, DUMP))) return {};
  if (dumpOf?.template !== template) dumpOf = { template, blob: new Blob([readFileSync(join(template, DUMP))]) };
  return { loadDataDir: dumpOf.blob };
}
