import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

/**
 * Litestream cannot be installed on these machines (docs/scaling.md), so its config is checked for
 * what can be checked here: that it is valid YAML in the shape Litestream reads, naming the
 * database from DATABASE_URL and an S3 replica whose secrets come from the environment.
 */
describe("docs/litestream.yml", () => {
  const file = path.resolve(import.meta.dirname, "../docs/litestream.yml");
  const text = fs.readFileSync(file, "utf8");

  it("is valid YAML with one database replicated to S3-compatible storage", () => {
    const config = parse(text) as { dbs: Array<{ path: string; replicas: Array<Record<string, string>> }> };
    expect(config.dbs).toHaveLength(1);
    expect(config.dbs[0].path).toBe("${DATABASE_URL}");
    expect(config.dbs[0].replicas[0]).toMatchObject({ type: "s3", bucket: "${LITESTREAM_BUCKET}", "secret-access-key": "${LITESTREAM_SECRET_ACCESS_KEY}" });
  });

  it("holds no secret: every credential is an environment reference", () => {
    for (const line of text.split("\n").filter((l) => /key|secret/i.test(l) && !l.trim().startsWith("#"))) expect(line).toMatch(/\$\{[A-Z_]+\}/);
  });
});
