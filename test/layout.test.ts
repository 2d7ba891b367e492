import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house as it is drawn (README "Layout"): each folder of app/ may import only what its rule
 * allows. This reads every import of every source file, so a module filed in the wrong place fails
 * here before it spreads.
 */
const APP = path.resolve(import.meta.dirname, "../app");

type Import = { file: string; spec: string; typeOnly: boolean };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, "utf8");
  const out: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm)) {
    // `import { type A, type B }` is type-only too.
    const names = /\{([^}]*)\}/.exec(m[0])?.[1] ?? "";
    const allTypes = names.trim() !== "" && names.split(",").every((n) => n.trim() === "" || n.trim().startsWith("type "));
    out.push({ file: path.relative(APP, file), spec: m[3], typeOnly: Boolean(m[2]) || allTypes });
  }
  return out;
}

const all = sources(APP).flatMap(importsOf);
const inFolder = (folder: string) => all.filter((i) => i.file.startsWith(`${folder}/`));
const broken = (list: Import[], allowed: (i: Import) => boolean) => list.filter((i) => !allowed(i)).map((i) => `${i.file} imports ${i.spec}`);
const isApp = (spec: string, ...folders: string[]) => folders.some((f) => spec === `~/${f}` || spec.startsWith(`~/${f}/`));

describe("the folder rules of app/", () => {
  it("reads the imports of every module", () => {
    expect(all.length).toBeGreaterThan(300);
    expect(inFolder("domain").length).toBeGreaterThan(10);
  });

  it("domain: pure rules import only other rules (no packages, no I/O)", () => {
    // Messages are named through ~/catalog/ref, whose catalog import is types only.
    expect(broken(inFolder("domain"), (i) => isApp(i.spec, "domain") || i.spec === "~/catalog/ref" || (i.typeOnly && isApp(i.spec, "catalog")))).toEqual([]);
  });

  it("models: the database and the outside systems' interfaces, never Remix, pages, routes, components or form parsing", () => {
    expect(
      broken(inFolder("models"), (i) => {
        if (i.spec.startsWith("@remix-run/") || i.spec === "zod") return false;
        if (isApp(i.spec, "pages", "routes", "components", "auth", "seed", "ussd")) return false;
        // An outside system is called through its interface (index.server), never an adapter directly.
        if (isApp(i.spec, "integrations")) return /^~\/integrations\/[^/]+\/index\.server$/.test(i.spec);
        // A form's typed result may be named; its zod rules are not run here.
        if (isApp(i.spec, "forms")) return i.typeOnly || i.spec === "~/forms/limits";
        return true;
      }),
    ).toEqual([]);
  });

  it("components: no route module and no server module (types aside)", () => {
    expect(broken(inFolder("components"), (i) => !isApp(i.spec, "routes") && (i.typeOnly || !/\.server$/.test(i.spec)))).toEqual([]);
  });

  it("lib: infrastructure imports no feature module (only the schema of the models)", () => {
    expect(
      broken(inFolder("lib"), (i) => !isApp(i.spec, "pages", "routes", "components", "auth", "integrations", "seed", "ussd") && (!isApp(i.spec, "models") || i.spec === "~/models/schema.server")),
    ).toEqual([]);
  });

  it("forms: zod rules over domain rules; zod lives only in app/forms/*.server.ts (and the environment and API body parsers in lib)", () => {
    // Messages are named through ~/catalog/ref, as in app/domain.
    expect(broken(inFolder("forms"), (i) => isApp(i.spec, "forms", "domain") || i.spec === "zod" || i.spec === "~/catalog/ref" || i.typeOnly)).toEqual([]);
    const zodUsers = [...new Set(all.filter((i) => i.spec === "zod" && !i.typeOnly).map((i) => i.file))];
    expect(zodUsers.filter((f) => !/^forms\/.*\.server\.ts$/.test(f) && !["lib/env.server.ts", "lib/http.server.ts"].includes(f))).toEqual([]);
  });

  it("pages: view models import no route module; client-safe page modules import no server module (types aside)", () => {
    expect(broken(inFolder("pages"), (i) => !isApp(i.spec, "routes"))).toEqual([]);
    const clientSafe = inFolder("pages").filter((i) => !/\.server\.tsx?$/.test(i.file));
    expect(broken(clientSafe, (i) => i.typeOnly || !/\.server$/.test(i.spec))).toEqual([]);
  });

  it("catalog: the words and their format import nothing of the features; the browser gets words from loaders, never a catalog module", () => {
    expect(broken(inFolder("catalog"), (i) => isApp(i.spec, "catalog") || ["react", "@remix-run/react", "~/lib/env.server", "~/domain/errors"].includes(i.spec))).toEqual([]);
    const clientSafe = all.filter((i) => /^(components|pages)\//.test(i.file) && !/\.server\.tsx?$/.test(i.file));
    expect(broken(clientSafe, (i) => i.typeOnly || !isApp(i.spec, "catalog") || ["~/catalog/use-words", "~/catalog/format", "~/catalog/ref", "~/catalog/languages"].includes(i.spec))).toEqual([]);
  });

  it("ussd: the USSD menus and their gateways read through models and change through commands; no page, route, component, form or outside system", () => {
    expect(inFolder("ussd").length).toBeGreaterThan(10);
    // The routes are its doors (/ussd/<gateway>/<secret>); nothing else reaches into it.
    expect(all.filter((i) => isApp(i.spec, "ussd") && !/^(ussd|routes)\//.test(i.file)).map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
    expect(broken(inFolder("ussd"), (i) => !isApp(i.spec, "pages", "routes", "components", "auth", "forms", "integrations", "seed"))).toEqual([]);
    // The screens themselves (screen.ts, state.ts) are pure: rules and message types only.
    const pure = all.filter((i) => /^ussd\/[^/]+\.ts$/.test(i.file) && !/\.server\.ts$/.test(i.file));
    expect(broken(pure, (i) => isApp(i.spec, "domain", "ussd") || (i.typeOnly && isApp(i.spec, "catalog")))).toEqual([]);
  });

  it("integrations: an adapter reports what it learns; it writes nothing itself (no model, page or route)", () => {
    expect(broken(inFolder("integrations"), (i) => !isApp(i.spec, "models", "pages", "routes", "components", "auth", "seed"))).toEqual([]);
  });

  it("integrations: outside systems are reached only from models, pages, auth or other integrations", () => {
    expect(all.filter((i) => isApp(i.spec, "integrations") && !/^(models|pages|auth|integrations|seed)\//.test(i.file)).map((i) => `${i.file} imports ${i.spec}`)).toEqual([]);
  });
});

/**
 * Commands are the only door to changes (docs/commands.md): page actions and API routes guard,
 * parse, call one command and answer. Idempotency (`once`) lives only in app/commands, and no door
 * calls a model or auth function that writes. A writer is an exported function of app/models or
 * app/auth whose body opens a transaction or writes a row.
 */
describe("commands are the only door to changes", () => {
  const writers = new Set<string>();
  for (const file of sources(APP).filter((f) => /\/(models|auth)\//.test(f))) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/^export (?:async )?function (\w+)[^]*?^}$/gm)) {
      if (/\batomic\(|postEntry\(|\.insert\(|\.update\(|\.delete\(|\bonce\(|prepared[^;]*\b(insert|update|delete)\b/.test(m[0])) writers.add(m[1]);
    }
  }
  const doors = sources(APP)
    .map((f) => path.relative(APP, f))
    .filter((f) => /^(routes|pages)\//.test(f));

  it("finds the writers", () => {
    expect(writers.size).toBeGreaterThan(40);
    expect(writers).toContain("investInBatch");
  });

  it("once() is imported only by app/commands", () => {
    expect(all.filter((i) => i.spec === "~/models/idempotency.server" && !i.file.startsWith("commands/")).map((i) => i.file)).toEqual([]);
  });

  it("routes and pages call no model or auth function that writes", () => {
    const found = doors.flatMap((file) =>
      [...fs.readFileSync(path.join(APP, file), "utf8").matchAll(/import\s+\{([^}]*)\}\s+from\s+"~\/(?:models|auth)\/[^"]+"/g)].flatMap((m) =>
        m[1]
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type ") && writers.has(n.split(/\s+as\s+/)[0]))
          .map((n) => `${file} imports ${n}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("the USSD menus call no model or auth function that writes, but their own sessions' (app/models/ussd-sessions.server.ts)", () => {
    const ussd = sources(APP)
      .map((f) => path.relative(APP, f))
      .filter((f) => f.startsWith("ussd/"));
    expect(ussd.length).toBeGreaterThan(3);
    const found = ussd.flatMap((file) =>
      [...fs.readFileSync(path.join(APP, file), "utf8").matchAll(/import\s+\{([^}]*)\}\s+from\s+"~\/(?:models|auth)\/([^"]+)"/g)]
        .filter((m) => m[2] !== "ussd-sessions.server")
        .flatMap((m) =>
          m[1]
            .split(",")
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith("type ") && writers.has(n.split(/\s+as\s+/)[0]))
            .map((n) => `${file} imports ${n}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it("commands import no route, page or component", () => {
    expect(broken(inFolder("commands"), (i) => !isApp(i.spec, "routes", "pages", "components"))).toEqual([]);
  });
});

/**
 * No user-facing literal in components and routes: every word comes from the catalog (docs/decisions/010).
 * Reads each .tsx file's syntax tree for JSX text and for the attributes people read; the brand and
 * paths are data, not words.
 */
describe("components and routes hold no user-facing literal", () => {
  const DATA = /^(Akoko|\/[\w/-]*)$/;
  const READABLE = ["aria-label", "title", "placeholder", "alt"];
  const literals = (file: string): string[] => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && /[A-Za-z]/.test(node.text) && !DATA.test(node.text.trim())) found.push(node.text.trim());
      if (ts.isJsxAttribute(node) && READABLE.includes(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && /[A-Za-z]/.test(node.initializer.text))
        found.push(`${node.name.getText()}="${node.initializer.text}"`);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found.map((text) => `${path.relative(APP, file)}: ${text}`);
  };
  const tsx = sources(APP).filter((f) => /\/(components|routes)\/[^/]+\.tsx$/.test(f));

  it("reads every component and route", () => {
    expect(tsx.length).toBeGreaterThan(60);
  });

  it("finds no words written into JSX", () => {
    expect(tsx.flatMap(literals)).toEqual([]);
  });
});

/**
 * The docs a clone carries: the code cites docs/ (rules.md, payments.md, decisions/), never the
 * planning files kept outside the repository. The names are built here so this file does not cite them.
 */
describe("the docs the code cites live in the repository", () => {
  const ROOT = path.resolve(import.meta.dirname, "..");
  const outside = new RegExp(`\\b(${["SPEC", "DESIGN", "PAYMENTS", "DOMAIN"].join("|")})\\.md\\b|\\.\\./${"shared"}\\b`);

  function textFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" ? [] : textFiles(full);
      return /\.(ts|tsx|js|mjs|cjs|md|json|css)$/.test(e.name) ? [full] : [];
    });
  }

  it("no source file under app/, scripts/ or test/ cites a file outside the repository", () => {
    const files = ["app", "scripts", "test"].flatMap((d) => textFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(300);
    const citing = files.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (outside.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });

  it("README.md stays a newcomer's and an operator's page: under 25,000 bytes", () => {
    expect(fs.statSync(path.join(ROOT, "README.md")).size).toBeLessThan(25_000);
  });
});
