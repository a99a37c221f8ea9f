import type { Db } from './db';

export interface Migration {
  /** Unique, ordered id such as '001_event_store'. */
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction, under an advisory lock
 * so that several services starting together against one PostgreSQL do not race.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // The lock comes first: even CREATE TABLE IF NOT EXISTS races when two services start together.
    await tx.query('SELECT pg_advisory_xact_lock(7426001)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
  });
  return applied;
}

/** Migrations are plain statements separated by semicolons at line ends (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
