// The browser tests drive Debian's Chromium. Install it when missing (as root),
// or stop with the command that installs it.
import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests...");
    execSync("apt-get update && apt-get install -y chromium", { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  } else {
    console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
}
