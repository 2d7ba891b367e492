import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/models/schema.sqlite.server.ts",
  out: "./drizzle",
});
