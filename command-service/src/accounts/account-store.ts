import { type Db, isUniqueViolation, type Queryable } from '@lectio/platform';

export type AccountField = 'email' | 'username';

export class DuplicateAccountError extends Error {
  constructor(readonly fields: AccountField[]) {
    super(`Already registered: ${fields.join(', ')}`);
  }
}

export interface Account {
  userId: string;
  username: string;
  email: string;
}

/**
 * The command side's own account tables: `account_reservations` (who holds which username and
 * e-mail, unique case-insensitively) and `credentials` (password hashes). Neither is an event:
 * both change in place, and hashes must never reach the event store.
 */
export class AccountStore {
  constructor(private readonly db: Db) {}

  /** Which of `username` and `email` somebody already holds (case-insensitively). */
  async taken(username: string, email: string): Promise<AccountField[]> {
    const r = await this.db.query<{ email_taken: boolean; username_taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM account_reservations WHERE lower(email) = lower($1)) AS email_taken,
              EXISTS (SELECT 1 FROM account_reservations WHERE lower(username) = lower($2)) AS username_taken`,
      [email, username],
    );
    const row = r.rows[0]!;
    return [...(row.email_taken ? (['email'] as const) : []), ...(row.username_taken ? (['username'] as const) : [])];
  }

  /**
   * Claims the username and e-mail and stores the password hash, in one transaction, before the
   * UserRegistered event is appended. Of two concurrent claims, the unique indexes let one through.
   */
  async reserve(account: Account & { passwordHash: string }): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('INSERT INTO account_reservations (user_id, username, email) VALUES ($1, $2, $3)', [
          account.userId,
          account.username,
          account.email,
        ]);
        await tx.query('INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)', [
          account.userId,
          account.passwordHash,
        ]);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const fields = await this.taken(account.username, account.email);
      throw new DuplicateAccountError(
        fields.length ? fields : [err.constraint?.includes('username') ? 'username' : 'email'],
      );
    }
  }

  /** Claims on `username` or `email` made before `olderThan` (candidates for a crashed sign-up). */
  async claimsOn(username: string, email: string, olderThan: Date): Promise<string[]> {
    const r = await this.db.query<{ user_id: string }>(
      `SELECT user_id::text AS user_id FROM account_reservations
        WHERE (lower(email) = lower($1) OR lower(username) = lower($2)) AND created_at < $3`,
      [email, username, olderThan],
    );
    return r.rows.map((row) => row.user_id);
  }

  /** Gives a claim back when the event could not be appended. */
  async release(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM account_reservations WHERE user_id = $1', [userId]);
    });
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    return this.findBy('email', email);
  }

  async findByUsername(username: string): Promise<Account | undefined> {
    return this.findBy('username', username);
  }

  async findById(userId: string): Promise<Account | undefined> {
    const r = await this.db.query<{ user_id: string; username: string; email: string }>(
      'SELECT user_id::text AS user_id, username, email FROM account_reservations WHERE user_id = $1',
      [userId],
    );
    const row = r.rows[0];
    return row && { userId: row.user_id, username: row.username, email: row.email };
  }

  private async findBy(field: AccountField, value: string): Promise<Account | undefined> {
    const r = await this.db.query<{ user_id: string; username: string; email: string }>(
      `SELECT user_id::text AS user_id, username, email FROM account_reservations WHERE lower(${field}) = lower($1)`,
      [value],
    );
    const row = r.rows[0];
    return row && { userId: row.user_id, username: row.username, email: row.email };
  }

  async passwordHash(userId: string): Promise<string | undefined> {
    const r = await this.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials WHERE user_id = $1',
      [userId],
    );
    return r.rows[0]?.password_hash;
  }

  async setPasswordHash(userId: string, passwordHash: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1', [
      userId,
      passwordHash,
    ]);
  }

  /**
   * Compare-and-set: replaces the hash only if it is still `expected` (the one the current password
   * was checked against; its random salt makes it a version). False when another change won.
   */
  async replacePasswordHash(
    userId: string,
    expected: string,
    passwordHash: string,
    q: Queryable = this.db,
  ): Promise<boolean> {
    const r = await q.query(
      'UPDATE credentials SET password_hash = $3, updated_at = now() WHERE user_id = $1 AND password_hash = $2',
      [userId, expected, passwordHash],
    );
    return r.rowCount === 1;
  }
}
