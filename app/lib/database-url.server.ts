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
