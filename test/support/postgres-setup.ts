import { onPostgres, testPostgresUrl } from "./postgres";

// The PostgreSQL project's files: the app's schema picks its engine's tables when it loads
// (app/models/schema.server.ts), so DATABASE_URL names PostgreSQL before any app module is imported.
// useUnitDatabase then points it at the file's own database.
if (onPostgres()) process.env.DATABASE_URL = testPostgresUrl("postgres");
