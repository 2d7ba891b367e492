import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The framework patches under patches/ (docs/decisions/101 to 105) are applied by patch-package on
 * `npm install`. An install that skipped them, or a package upgraded past the version a patch was made
 * for, would quietly bring back what they fixed. Each patch adds the line `// akoko-patch: <patch>` to
 * every file it changes; this reads the patches and checks the installed files carry it, and that each
 * patched package is pinned to that exact version.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const PATCHES = path.join(ROOT, "patches");

type Patch = { file: string; name: string; pkg: string; version: string; diff: string; touched: string[] };

function readPatch(file: string): Patch {
  const name = file.replace(/\.patch$/, "");
  // patch-package names a patch `<name>+<version>.patch`, the scope's slash written as `+`.
  const m = /^((?:@[^+]+\+)?[^+@][^+]*)\+(\d+\.\d+\.\d+[^+]*)$/.exec(name);
  if (!m) throw new Error(`patches/${file}: not a patch-package name (<package>+<version>.patch)`);
  const diff = fs.readFileSync(path.join(PATCHES, file), "utf8");
  const touched = [...diff.matchAll(/^diff --git a\/(\S+) b\/\S+$/gm)].map((d) => d[1]);
  return { file, name, pkg: m[1].replace("+", "/"), version: m[2], diff, touched };
}

const patches = fs
  .readdirSync(PATCHES)
  .filter((f) => f.endsWith(".patch"))
  .sort()
  .map(readPatch);
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));

const markerOf = (p: Patch) => `// akoko-patch: ${p.name}`;
const hasMarkerLine = (text: string, marker: string) => text.split("\n").some((l) => l.trim() === marker || l.trim().startsWith(`${marker} `));

/** The lines a patch adds to one file. */
function linesAdded(p: Patch, file: string): string {
  const section = p.diff.split(/^diff --git /m).find((s) => s.startsWith(`a/${file} `)) ?? "";
  return section
    .split("\n")
    .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
    .map((l) => l.slice(1))
    .join("\n");
}

describe("the framework patches (patches/)", () => {
  it("are applied by patch-package on install", () => {
    expect(patches.length).toBeGreaterThan(0);
    expect(pkg.scripts.postinstall).toBe("patch-package");
  });

  it.each(patches.map((p) => [p.file, p] as const))("%s is for the installed version and applied to every file it changes", (_file, p) => {
    const installed = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", p.pkg, "package.json"), "utf8")).version;
    expect(installed, `${p.pkg} installed, patch made for ${p.version}`).toBe(p.version);
    expect(p.touched.length).toBeGreaterThan(0);
    for (const file of p.touched) {
      expect(file.startsWith(`node_modules/${p.pkg}/`), `${file} is outside ${p.pkg}`).toBe(true);
      // The marker comes from the patch itself, not from a hand-edited node_modules.
      expect(hasMarkerLine(linesAdded(p, file), markerOf(p)), `patches/${p.file} adds "${markerOf(p)}" to ${file}`).toBe(true);
      expect(hasMarkerLine(fs.readFileSync(path.join(ROOT, file), "utf8"), markerOf(p)), `${file} carries "${markerOf(p)}": run \`npx patch-package\``).toBe(true);
    }
  });

  it.each(patches.map((p) => [p.file, p] as const))("%s: its package is pinned to that exact version, one copy of it in the lock", (_file, p) => {
    const direct = pkg.dependencies?.[p.pkg] ?? pkg.devDependencies?.[p.pkg];
    if (direct !== undefined) expect(direct, `package.json pins ${p.pkg}`).toBe(p.version);
    else expect(pkg.overrides?.[p.pkg], `package.json "overrides" pins ${p.pkg}`).toBe(p.version);
    // patch-package patches only node_modules/<package>: a nested copy would run unpatched.
    const copies = Object.entries(lock.packages as Record<string, { version: string }>).filter(([at]) => at === `node_modules/${p.pkg}` || at.endsWith(`/node_modules/${p.pkg}`));
    expect(copies.map(([at, entry]) => `${at}@${entry.version}`)).toEqual([`node_modules/${p.pkg}@${p.version}`]);
  });
});
