// A keep-alive HTTP client for the measuring scripts (bench, load). It talks only to 127.0.0.1.
import http from "node:http";

/** An agent for `concurrency` clients. */
export const keepAliveAgent = (concurrency) => new http.Agent({ keepAlive: true, maxSockets: concurrency });

/**
 * One request over `agent`; resolves with the status and body text. With `readBody: false` the body
 * is received and dropped, not decoded (text ""): the load generator shares the machine's cores with
 * the server, and decoding 90 KB pages cost it CPU the server then lacked.
 */
export function request(agent, url, { method = "GET", headers = {}, body, readBody = true } = {}) {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`The measuring scripts talk only to 127.0.0.1, not ${target.hostname}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: body ? { ...headers, "Content-Length": Buffer.byteLength(body) } : headers },
      (res) => {
        let text = "";
        if (readBody) {
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
        } else res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}
