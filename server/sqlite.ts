// The database handle the server uses, on Node's own SQLite (`node:sqlite`, Node 22.13 and later): nothing to compile
// on install. It offers the few things the server's code asks of a database: prepared statements, SQL functions, the
// pragmas, and transactions (nested ones as savepoints), each rolled back when its function throws.
import { DatabaseSync, type StatementSync } from 'node:sqlite';

type Param = null | number | bigint | string | NodeJS.ArrayBufferView;

export interface Statement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Parameters as SQLite takes them: booleans as 0 and 1, undefined as NULL (node:sqlite refuses both). */
const bind = (params: unknown[]) => params.map((p) => (typeof p === 'boolean' ? Number(p) : p === undefined ? null : p)) as Param[];

export class Database {
  private readonly db: DatabaseSync;
  private depth = 0;
  /** Prepared statements by their SQL: the server prepares the same few hundred statements again and again. */
  private statements = new Map<string, StatementSync>();
  readonly memory: boolean;

  constructor(file: string) {
    this.memory = file === ':memory:';
    this.db = new DatabaseSync(file);
  }

  get open(): boolean {
    return this.db.isOpen;
  }

  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= 500) this.statements.clear();
      this.statements.set(sql, statement);
    }
    const s = statement;
    return {
      run: (...params) => s.run(...bind(params)),
      get: (...params) => s.get(...bind(params)),
      all: (...params) => s.all(...bind(params)),
    };
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** A pragma (`journal_mode = WAL`), its answer's rows. */
  pragma(text: string): unknown[] {
    return this.db.prepare(`PRAGMA ${text}`).all();
  }

  function(name: string, options: { deterministic?: boolean; varargs?: boolean }, fn: (...args: never[]) => unknown): void {
    this.db.function(name, { deterministic: options.deterministic ?? false, varargs: options.varargs ?? false }, fn as (...args: Param[]) => Param);
  }

  /**
   * `fn` wrapped in a transaction: committed when it returns, rolled back when it throws (the error goes on). Inside
   * another transaction it is a savepoint of that one.
   */
  transaction<T>(fn: () => T): () => T {
    return () => {
      const savepoint = `sp${this.depth}`;
      this.db.exec(this.depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      this.depth++;
      try {
        const result = fn();
        this.depth--;
        this.db.exec(this.depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.depth--;
        this.db.exec(this.depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw error;
      }
    };
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}
