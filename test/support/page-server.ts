import http from "node:http";
import type { AddressInfo } from "node:net";

/** A server of fixed pages on 127.0.0.1 (path -> body; `.css` served as CSS, the rest as HTML), for testing the browser tests' own helpers. */
export async function servePages(pages: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const page = pages[req.url ?? ""];
    const type = req.url?.endsWith(".css") ? "text/css" : "text/html; charset=utf-8";
    res.writeHead(page === undefined ? 404 : 200, { "Content-Type": type }).end(page ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
