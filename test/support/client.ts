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
    const res = await fetch(new URL(path, this.baseUrl), { redirect: "manual", ...init, headers });
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
