/**
 * What scripts/server.js lets through to the app before anything reads a body, by path. The route
 * knowledge lives here, next to the routes it describes: a new upload or webhook route is one line.
 */
export type RequestGate = {
  /** "page": read with GET/HEAD, forms posted with POST; "api": the route checks its own methods. */
  kind: "page" | "api";
  /**
   * The bodies a POST may carry. "form": urlencoded only (a page action reads form data, and
   * anything else would throw inside it); "form-or-multipart": also multipart photo uploads;
   * "any": the route reads its own body and answers {"detail"} itself (the JSON API, a webhook).
   */
  accepts: "form" | "form-or-multipart" | "any";
  /** Refused with 413 above this Content-Length. */
  maxBytes: number;
  /**
   * Taken from another site's form post too. Only for a path whose token in the URL is the whole
   * authority (no cookie is used), so there is nothing for a cross-site request to forge.
   */
  crossSite?: true;
};

const MB = 1024 * 1024;
/** Daily-log photos: at most 5 of 2 MB each per upload, with room for the form around them. */
const UPLOAD_BYTES = 12 * MB;
/** Identity documents: three images of 5 MB at most (ID, selfie, proof of address) and the form around them. */
const KYC_UPLOAD_BYTES = 16 * MB;

/** Paths in any letter case, as the routes match them. */
const GATES: Array<{ path: RegExp; gate: RequestGate }> = [
  // The daily-log page takes photo uploads (".data": Remix's requests from JavaScript).
  { path: /^\/admin\/batches\/[^/]+\/logs(\.data|\/|$)/i, gate: { kind: "page", accepts: "form-or-multipart", maxBytes: UPLOAD_BYTES } },
  // The daily-log API takes them too, besides JSON.
  { path: /^\/api\/v1\/admin\/batches\/[^/]+\/logs(\/|$)/i, gate: { kind: "api", accepts: "any", maxBytes: UPLOAD_BYTES } },
  // The identity form, page and API, takes the ID, selfie and proof-of-address images.
  { path: /^\/kyc(\.data|\/?$)/i, gate: { kind: "page", accepts: "form-or-multipart", maxBytes: KYC_UPLOAD_BYTES } },
  { path: /^\/api\/v1\/kyc\/?$/i, gate: { kind: "api", accepts: "any", maxBytes: KYC_UPLOAD_BYTES } },
  // Payment providers' webhooks: the route reads the raw bytes itself (the signature covers them).
  { path: /^\/webhooks\//i, gate: { kind: "api", accepts: "any", maxBytes: 256 * 1024 } },
  { path: /^\/api\//i, gate: { kind: "api", accepts: "any", maxBytes: MB } },
  // The USSD gateways' callbacks: Africa's Talking posts a form, Hubtel JSON; a screen's request is small.
  { path: /^\/ussd\//i, gate: { kind: "api", accepts: "any", maxBytes: 16 * 1024 } },
  // One-click unsubscribe (RFC 8058): a mail client may POST the signed link from its own site.
  { path: /^\/unsubscribe\/[^/]+$/i, gate: { kind: "page", accepts: "form", maxBytes: 16 * 1024, crossSite: true } },
];

const PAGE: RequestGate = { kind: "page", accepts: "form", maxBytes: MB };

export function requestGate(path: string): RequestGate {
  return GATES.find((g) => g.path.test(path))?.gate ?? PAGE;
}

/** Letters, digits and `-._~`: %-escaped, they mean what they would unescaped. */
const UNRESERVED_ESCAPE = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

/**
 * A request's target (path and query) with its path as the router reads it: dot segments resolved
 * (`%2e` too), a backslash read as a slash, escaped letters unescaped. scripts/server.js puts this in
 * the request's place before anything reads the path, so its gates and its log see the path the app
 * serves: `/api/../logout` was let through as an API path and logged out on a PUT.
 */
export function canonicalRequestTarget(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  // Most paths have nothing to resolve: no URL to parse.
  if (!path.startsWith("/") || !/[\\%]|\/\./.test(path)) return target;
  let resolved: string;
  try {
    resolved = new URL(`http://localhost${path}`).pathname;
  } catch {
    return target;
  }
  resolved = resolved.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  return query === -1 ? resolved : resolved + target.slice(query);
}
