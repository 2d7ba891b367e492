// `npm start`: build when the build is missing or older than the sources, then serve:
// `scripts/server.js` in a child process, because V8's heap flags (serverNodeFlags) only take
// effect when a process starts. Signals are passed on, and this process exits as the server did.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild, serverNodeFlags } from "./lib/server-process.js";

ensureBuild();
// The IPC channel only tells the server when this process is gone (killed outright): it stops too.
const server = spawn(process.execPath, [...serverNodeFlags(), ...process.execArgv, path.resolve("scripts/server.js")], {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Die of the same signal, as the server did.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
