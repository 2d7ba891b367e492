/**
 * The test process's fetch asks for answers uncompressed (Accept-Encoding: identity) unless a test
 * names an encoding itself. Node's fetch asks for gzip by default, so every answer of an HTTP test
 * was compressed by the server and inflated here: about a tenth of the CPU of those tests, on both
 * sides, spent on something no assertion reads. Compression is still tested: test/operations.test.ts
 * asks for it by name and checks it, and Chromium asks for it on every page the browser tests load.
 */
const WRAPPED = Symbol.for("akoko.test.uncompressedFetch");

// A worker runs this before each of its files in one process (`isolate: false`): wrap fetch once.
if (!(WRAPPED in globalThis.fetch)) {
  const fetchWithEncoding = globalThis.fetch;
  const uncompressed = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.has("accept-encoding")) return fetchWithEncoding(input, init);
    headers.set("accept-encoding", "identity");
    return fetchWithEncoding(input, { ...init, headers });
  };
  globalThis.fetch = Object.assign(uncompressed, { [WRAPPED]: true });
}
