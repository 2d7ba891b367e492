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

/** The operator's guide names commands and files an operator will run or open: they must exist. */
describe("docs/scaling.md", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const text = fs.readFileSync(path.join(root, "docs/scaling.md"), "utf8");
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

  it("names only npm scripts that exist", () => {
    const named = [...text.matchAll(/npm run ([a-z:]+)/g)].map((m) => m[1]);
    expect(named).toContain("db:copy");
    for (const name of named) expect(scripts, name).toHaveProperty(name);
  });

  it("links only to files that exist", () => {
    for (const [, target] of text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)) expect(fs.existsSync(path.join(root, "docs", target)), target).toBe(true);
    for (const [file] of text.matchAll(/test\/[a-z-]+\.test\.ts|drizzle-pg\/|scripts\/[a-z-]+\.js/g)) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
