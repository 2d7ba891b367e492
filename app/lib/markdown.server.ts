import { Marked, type Tokens } from "marked";

/**
 * Stored markdown to HTML that is safe to inject: raw HTML in the source is shown as text (so no
 * <script>, no on* attributes, no <iframe>), and links keep only http(s), mailto, tel and
 * same-site URLs. Images are shown as their alt text: they would be heavy and off-site.
 */
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/** The URL to keep, or null. Browsers ignore control characters and decode entities in a scheme, so test it after both. */
export function safeUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  const url = href.trim();
  const probe = decodeEntities(url)
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
    .toLowerCase();
  const beforePath = probe.split(/[/?#]/, 1)[0];
  if (beforePath.includes(":")) {
    const scheme = beforePath.slice(0, beforePath.indexOf(":"));
    return SAFE_SCHEMES.has(scheme) ? url : null;
  }
  // Protocol-relative (//host) URLs leave the site with whatever scheme the page has: fine for links.
  return url;
}

function decodeEntities(s: string) {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) || 32))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) || 32))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "");
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (!url) return text;
      const external = /^(https?:)?\/\//i.test(url);
      return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener noreferrer nofollow"' : ""}>${text}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
