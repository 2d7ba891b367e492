// The browser tests drive Debian's Chromium, in its headless shell (scripts/lib/chromium.js). Install
// the shell when missing (as root); otherwise say how, and go on with the full browser when it is
// there (the same tests, at about twice the CPU), or stop with the command that installs it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { FULL_BROWSER, HEADLESS_SHELL } from "./lib/chromium.js";

const install = "apt-get update && apt-get install -y chromium-headless-shell";
if (process.env.CHROMIUM_PATH) {
  if (!fs.existsSync(process.env.CHROMIUM_PATH)) {
    console.error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
} else if (!fs.existsSync(HEADLESS_SHELL)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package for the browser tests...");
    execSync(install, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  } else if (fs.existsSync(FULL_BROWSER)) {
    console.warn(`The browser tests run in ${FULL_BROWSER}; Chromium's headless shell runs them for half the CPU. Install it with:\n  sudo ${install.replace("&& ", "&& sudo ")}`);
  } else {
    console.error(`The browser tests need Chromium's headless shell at ${HEADLESS_SHELL}. Install it with:\n  sudo ${install.replace("&& ", "&& sudo ")}`);
    process.exit(1);
  }
}
