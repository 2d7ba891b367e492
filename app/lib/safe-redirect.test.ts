import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/portfolio?x=1", "/portfolio?x=1"],
    ["//evil.example", "/portfolio"],
    ["https://evil.example", "/portfolio"],
    ["/\\evil.example", "/portfolio"],
    [null, "/portfolio"],
    // Browsers drop tabs and newlines from a URL and read "\\" as "/": each of these went to //evil.example.
    ["/\t/evil.example", "/portfolio"],
    ["/\t\\evil.example", "/portfolio"],
    ["/\n/evil.example", "/portfolio"],
    ["/\r\n/evil.example", "/portfolio"],
    ["/portfolio\\x", "/portfolio"],
    ["/portfolio\u0000", "/portfolio"],
    ["/portfolio\u007f", "/portfolio"],
    ["/invest\u0085", "/portfolio"],
    [" /invest/eggs", "/portfolio"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/invest/eggs?invest=3&units=2#dialog", "/invest/eggs?invest=3&units=2#dialog"],
  ])("%j -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("gives a path a browser reads on our own origin, percent-encoded so a Location header can carry it", () => {
    expect(safeRedirect("/invest/eggs?name=Ɔkɔɔ")).toBe("/invest/eggs?name=%C6%86k%C9%94%C9%94");
    expect(safeRedirect("/caf\u00e9 €")).toBe("/caf%C3%A9%20%E2%82%AC");
    for (const bad of ["/\t/evil.example", "/\t\\evil.example", "/\u0000/evil.example"]) {
      expect(new URL(safeRedirect(bad), "https://akoko.example").origin).toBe("https://akoko.example");
    }
  });
});
