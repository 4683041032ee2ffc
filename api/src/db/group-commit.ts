import type Database from 'better-sqlite3';

interface PendingWrite {
  operation: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the public write paths (contact, newsletter). Writes that arrive in the
 * same turn of the event loop run in one transaction, each in its own savepoint so that one
 * failing write does not undo the others; every caller is answered only after the shared
 * commit, which synchronous=FULL makes durable. One fsync then serves many requests.
 */
export class GroupCommit {
  private readonly sqlite: Database.Database;
  private pending: PendingWrite[] = [];
  private scheduled = false;

  constructor(sqlite: Database.Database) {
    this.sqlite = sqlite;
  }

  run<T>(operation: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ operation, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      // IMMEDIATE, as every transaction here (db/database.ts): the write lock first, waited for.
      this.sqlite
        .transaction(() => {
          for (const write of batch) {
            try {
              outcomes.push({ ok: true, value: this.sqlite.transaction(write.operation)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) write.resolve(outcome.value);
      else write.reject(outcome?.error);
    });
  }
}
