const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * Only a path on this site: never an open redirect. Browsers drop tabs and newlines from a URL and
 * read "\" as "/", so "/\t/evil.example" would go to //evil.example: any control character or
 * backslash gives the fallback, as does anything that does not resolve to our own origin. The path
 * comes back as the URL parser writes it (percent-encoded), so a Location header can always carry it.
 */
export function safeRedirect(to: unknown, fallback = "/portfolio"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || /[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
