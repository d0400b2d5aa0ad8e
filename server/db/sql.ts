/** What both a database and an open transaction offer; store functions take either. */
export interface Sql {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

/** One connection held by its caller. */
export interface Connection extends Sql {
  /** Runs a text of several statements without parameters (migrations, begin / commit). */
  exec(statements: string): Promise<void>;
}

/**
 * The server's database: the embedded PGlite (one connection, one process) or a PostgreSQL
 * pool that several server instances share. One SQL dialect for both.
 */
export interface Database extends Sql {
  readonly engine: "pglite" | "postgres";
  /** A transaction on one connection: committed when fn settles, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Holds one connection and a session advisory lock (waiting for it) while fn runs. */
  withLock<T>(lockKey: number, fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
