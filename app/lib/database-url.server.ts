/**
 * Which engine a DATABASE_URL names: a `postgres://` or `postgresql://` URL is PostgreSQL; a path or
 * a `file:` URL (the default `./data/akoko.db`) is SQLite. Read straight from the environment,
 * because the schema picks its tables when it loads (app/models/schema.server.ts).
 */
export type DatabaseEngine = "sqlite" | "postgres";

export function engineOf(databaseUrl: string): DatabaseEngine {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
}

export function databaseEngine(): DatabaseEngine {
  return engineOf(process.env.DATABASE_URL ?? "");
}

/** The SQLite file a path or `file:` URL names. */
export function sqliteFileOf(databaseUrl: string): string {
  return databaseUrl.startsWith("file:") ? decodeURIComponent(databaseUrl.slice("file:".length).replace(/^\/\/(?=\/)/, "")) : databaseUrl;
}

/**
 * A database URL as it may be printed or logged: without its password (in the user part, or a
 * `password=` parameter); a SQLite path as given.
 */
export function databaseUrlForDisplay(databaseUrl: string): string {
  // The user part ends at the authority's last "@" (a password may hold an unescaped "@").
  return databaseUrl.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):[^/?#]*@/i, "$1:***@").replace(/([?&]password=)[^&#]*/gi, "$1***");
}
