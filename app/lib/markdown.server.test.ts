import { describe, expect, it } from "vitest";
import { renderMarkdown, safeUrl } from "~/lib/markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis, quotes and safe links", () => {
    const html = renderMarkdown("## Guide\n\n- **Egg Notes** pay monthly\n- *Chicken Notes* at harvest\n\n> Read the [Risk Disclosure](/risk).\n\n[Site](https://example.com)");
    expect(html).toContain("<h2>Guide</h2>");
    expect(html).toContain("<li><strong>Egg Notes</strong> pay monthly</li>");
    expect(html).toContain("<em>Chicken Notes</em>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain('<a href="/risk">Risk Disclosure</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">Site</a>');
  });

  it("never lets a stored <script> through, as a block or inline", () => {
    const html = renderMarkdown("<script>alert(1)</script>\n\nHello <script>alert(2)</script> world\n\n<SCRIPT src=//evil.example/x.js></SCRIPT>");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("never lets an event-handler attribute through", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\nText <b onclick="alert(2)">bold</b> and <div onmouseover=alert(3)>x</div>');
    expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(html).not.toMatch(/<img|<b |<div/i);
  });

  it("drops javascript:, data: and vbscript: links however they are disguised, keeping the text", () => {
    const sources = [
      "[click](javascript:alert(1))",
      "[click](JavaScript:alert(1))",
      "[click]( javascript:alert(1))",
      "[click](java\tscript:alert(1))",
      "[click](&#106;avascript:alert(1))",
      "[click](&#x6A;avascript:alert(1))",
      "[click](javascript&colon;alert(1))",
      "[click](data:text/html;base64,PHNjcmlwdD4=)",
      "[click](vbscript:msgbox(1))",
      "<javascript:alert(1)>",
      "[click][ref]\n\n[ref]: javascript:alert(1)",
    ];
    for (const source of sources) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/href=/i);
      expect(html.toLowerCase(), source).not.toMatch(/<a /);
    }
    expect(renderMarkdown("[click](javascript:alert(1))")).toContain("click");
  });

  it("shows images as their alt text (no off-site or heavy pictures)", () => {
    const html = renderMarkdown("![A hen house](https://example.com/big.jpg) ![x](javascript:alert(1))");
    expect(html).not.toContain("<img");
    expect(html).toContain("A hen house");
  });

  it("escapes quotes in link titles and URLs", () => {
    const html = renderMarkdown('[a](/x "t\\" onmouseover=\\"alert(1)")');
    // The quote is escaped, so the would-be handler stays inside the title's value.
    expect(html).toContain('<a href="/x" title="t&quot; onmouseover=&quot;alert(1)">a</a>');
  });
});

describe("safeUrl", () => {
  it("keeps same-site, http(s), mailto and tel; refuses other schemes", () => {
    expect(safeUrl("/faq")).toBe("/faq");
    expect(safeUrl("#calculator")).toBe("#calculator");
    expect(safeUrl("https://akoko.example/x?a=1:2")).toBe("https://akoko.example/x?a=1:2");
    expect(safeUrl("mailto:support@akoko.example")).toBe("mailto:support@akoko.example");
    expect(safeUrl("tel:+233200000000")).toBe("tel:+233200000000");
    expect(safeUrl("/path?next=javascript:x")).toBe("/path?next=javascript:x");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:text/html,x")).toBeNull();
    expect(safeUrl("")).toBeNull();
  });
});
