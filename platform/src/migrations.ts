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
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
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

/**
 * Migrations are statements separated by semicolons at line ends; a function body in dollar quotes
 * ($fn$ ... $fn$) is one statement whatever semicolons it holds.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let quote: string | undefined;
  const token = /\$[A-Za-z_]*\$|;[ \t]*(?:\n|$)/g;
  for (let m = token.exec(sql); m; m = token.exec(sql)) {
    if (m[0].startsWith('$')) {
      if (quote === undefined) quote = m[0];
      else if (quote === m[0]) quote = undefined;
    } else if (quote === undefined) {
      statements.push(sql.slice(start, m.index));
      start = m.index + m[0].length;
    }
  }
  statements.push(sql.slice(start));
  return statements.map((s) => s.trim()).filter(Boolean);
}
