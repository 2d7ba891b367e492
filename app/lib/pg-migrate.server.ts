import { readMigrationFiles } from "drizzle-orm/migrator";
import type { PgSyncClient } from "~/lib/pg-sync-client.server";

/**
 * Applies drizzle-kit's PostgreSQL migrations (drizzle-pg/) that the database has not seen, in one
 * transaction, keeping drizzle's own bookkeeping (`drizzle.__drizzle_migrations`, as its
 * node-postgres migrator does) so drizzle-kit and this agree on what ran. Several app hosts may
 * start at once: an advisory lock lets one migrate while the others wait, then find nothing to do.
 */
export function migratePostgres(client: PgSyncClient, migrationsFolder: string): number {
  client.exec("begin");
  try {
    const applied = applyPostgresMigrations(client, migrationsFolder);
    client.exec("commit");
    return applied;
  } catch (error) {
    if (client.inTransaction) client.exec("rollback");
    throw error;
  }
}

/**
 * migratePostgres's work inside a transaction the caller opened and ends: PostgreSQL's DDL is
 * transactional, so `npm run db:copy` migrates and copies in one transaction and a rollback leaves
 * the target unmigrated. The advisory lock is held until that transaction ends: app hosts starting
 * meanwhile wait for it.
 */
export function applyPostgresMigrations(client: PgSyncClient, migrationsFolder: string): number {
  if (!client.inTransaction) throw new Error("applyPostgresMigrations runs inside a transaction: call migratePostgres");
  const migrations = readMigrationFiles({ migrationsFolder });
  client.query("select pg_advisory_xact_lock(hashtext('akoko migrations'))");
  client.exec("create schema if not exists drizzle; create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
  const last = client.query("select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1").rows[0] as { created_at: number } | undefined;
  let applied = 0;
  for (const migration of migrations) {
    if (last && migration.folderMillis <= last.created_at) continue;
    for (const statement of migration.sql) if (statement.trim()) client.exec(statement);
    client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [migration.hash, migration.folderMillis]);
    applied++;
  }
  return applied;
}
