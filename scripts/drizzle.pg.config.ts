import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, from the tables derived from the SQLite schema (app/models/schema.pg.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/models/schema.pg.server.ts",
  out: "./drizzle-pg",
});
