/** What both a database and an open transaction offer; store functions take either. */
export interface Sql {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}
