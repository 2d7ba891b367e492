import fs from "node:fs";
import path from "node:path";

/** The browser build's folder (what /build/ serves). */
export const BROWSER_BUILD = path.resolve(import.meta.dirname, "../../public/build");

/** Every JavaScript file of the browser build (public/build), for checks on what reaches phones. */
export function browserChunks(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js")) files.push(full);
    }
  };
  walk(BROWSER_BUILD);
  return files;
}
