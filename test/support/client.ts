import http from "node:http";

/**
 * A tiny HTTP client with a cookie jar, so tests talk to the real server the
 * way a browser without JavaScript does: GET pages, POST forms, follow nothing.
 */
export class Client {
  private cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(public baseUrl: string) {}

  /** Puts a cookie in the jar, as if the server had set it (test/support/factories.ts signs sessions in). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    if (this.bearer && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${this.bearer}`);
    const url = new URL(path, this.baseUrl);
    const res = await (plainRequest(url, init, headers) ?? fetch(url, { redirect: "manual", ...init, headers }));
    this.remember(res);
    return res;
  }

  get(path: string, init: RequestInit = {}) {
    return this.request(path, init);
  }

  /** Posts a form as a browser would (urlencoded, same origin). */
  postForm(path: string, fields: Record<string, string | number | boolean>, headers: HeadersInit = {}) {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return this.request(path, { method: "POST", body, headers: { Origin: this.baseUrl, ...headers } });
  }

  json(path: string, method: string, body: unknown, headers: HeadersInit = {}) {
    return this.request(path, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
  }

  /** GET a page and follow redirects by hand (keeping cookies); returns the final response and its text. */
  async follow(path: string, init: RequestInit = {}): Promise<{ res: Response; html: string; url: string }> {
    let res = await this.request(path, init);
    let url = new URL(path, this.baseUrl).toString();
    for (let i = 0; i < 5 && res.status >= 300 && res.status < 400; i++) {
      url = new URL(res.headers.get("Location")!, url).toString();
      res = await this.request(url);
    }
    return { res, html: await res.text(), url };
  }
}

// The test servers answer on 127.0.0.1 over plain HTTP: one connection pool per test process. An idle
// connection is closed after 4 s, before the server's keep-alive timeout (Node's 5 s) closes it from
// its side: a request written into a connection the server is closing fails with "socket hang up".
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 4_000 });
/** fetch normalises these methods' case and no others (the Fetch standard). */
const NORMALISED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);
/** Statuses whose Response has no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * `Client.request` over node:http instead of fetch, for what the tests send most (no body, a text or
 * a URLSearchParams body, on http:): the same request on the wire, answered as a fetch Response with
 * the body read whole. Node's fetch spent about three times node:http's CPU on a request in the test
 * process (undici and web streams), over tens of thousands of requests a run. Anything else (a form
 * with files, a body over 16 KB, a signal, https) returns undefined and goes through fetch.
 */
function plainRequest(url: URL, init: RequestInit, headers: Headers): Promise<Response> | undefined {
  if (url.protocol !== "http:" || init.signal) return undefined;
  let body: string | undefined;
  if (typeof init.body === "string") {
    body = init.body;
    if (!headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  } else if (init.body instanceof URLSearchParams) {
    body = init.body.toString();
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
  } else if (init.body !== undefined && init.body !== null) return undefined;
  // A large body the server may refuse before reading it whole (413) goes through fetch, which reads
  // the early answer while still sending; node:http can meet the reset of the unread rest first.
  if (body !== undefined && body.length > 16 * 1024) return undefined;
  const upper = (init.method ?? "GET").toUpperCase();
  const method = NORMALISED_METHODS.has(upper) ? upper : (init.method ?? "GET");
  if (body !== undefined && (method === "GET" || method === "HEAD")) return undefined; // fetch refuses it: let it say so
  // As the test process's fetch asks (test/support/uncompressed-fetch.ts): answers uncompressed unless a test names an encoding.
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
  return sendOver(url, method, outgoing, body, true);
}

/**
 * One request over the keep-alive pool. A reused connection that the server closed as it went idle
 * (a test process whose timers ran late, busy past the 4 s) fails before any answer: the server
 * never read the request, so it is sent once more on a new connection, as Node's documentation
 * advises (`request.reusedSocket`).
 */
function sendOver(url: URL, method: string, outgoing: Record<string, string>, body: string | undefined, mayRetry: boolean): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: outgoing, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        const status = res.statusCode ?? 0;
        const response = new Response(NULL_BODY_STATUSES.has(status) || method === "HEAD" ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: answer });
        Object.defineProperty(response, "url", { value: url.toString() });
        resolve(response);
      });
    });
    req.on("error", (cause: NodeJS.ErrnoException) => {
      if (mayRetry && req.reusedSocket && cause.code === "ECONNRESET") resolve(sendOver(url, method, outgoing, body, false));
      else reject(new TypeError("fetch failed", { cause }));
    });
    req.end(body);
  });
}

let counter = 0;
/** A unique email for each call in a run. */
export function uniqueEmail(prefix = "investor") {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

let phones = 0;
/** A Ghana mobile number (+233 form) no other call in this process uses (each test file has a database of its own). */
export function uniquePhone() {
  phones += 1;
  return `+23320${String(process.pid % 1000).padStart(3, "0")}${String(phones).padStart(4, "0")}`;
}

/** Decodes the few HTML entities React writes, for text assertions. */
export function htmlText(html: string) {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/<!-- -->/g, "");
}

/** Logs in through the API with form-encoded username/password and returns a bearer client. */
export async function apiLogin(baseUrl: string, email: string, password: string) {
  const client = new Client(baseUrl);
  const res = await client.request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: email, password }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  client.bearer = ((await res.json()) as { access_token: string }).access_token;
  return client;
}

/** Sends JSON and returns status + parsed body. */
export async function call(client: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = body === undefined ? await client.request(path, { method, headers }) : await client.json(path, method, body, headers);
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}
