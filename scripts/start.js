// `npm start`: build when the build is missing or older than the sources, then serve.
import path from "node:path";
import { ensureBuild } from "./lib/server-process.js";

ensureBuild();
process.argv[1] = path.resolve("scripts/server.js");
await import("./server.js");
