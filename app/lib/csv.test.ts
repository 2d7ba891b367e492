import { describe, expect, it } from "vitest";
import { msg } from "~/catalog/ref";
import { BOM, csvFileName, csvResponse, escapeCell, noCsvResponse, toCsv } from "~/lib/csv";
import { wordsOutsideCatalog } from "../../test/support/pseudo";

describe("escapeCell", () => {
  it.each([
    ["plain", "plain"],
    [12, "12"],
    ["600.00", "600.00"],
    ["-50.00", "-50.00"],
    [null, ""],
    [undefined, ""],
    [true, "true"],
  ])("leaves %j as %j", (input, out) => expect(escapeCell(input)).toBe(out));

  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+233241234567", "'+233241234567"],
    ["-1+1", "'-1+1"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
  ])("prefixes a single quote to the formula-like %j", (input, out) => expect(escapeCell(input)).toBe(out));

  it("quotes cells with commas, quotes, line breaks or edge spaces, doubling inner quotes", () => {
    expect(escapeCell("a,b")).toBe('"a,b"');
    expect(escapeCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCell("line1\nline2")).toBe('"line1\nline2"');
    expect(escapeCell(" padded")).toBe('" padded"');
    expect(escapeCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });
});

describe("toCsv", () => {
  it("starts with a BOM and ends every line, header included, with CRLF", () => {
    const csv = toCsv(
      ["Investment ID", "Amount (GHS)"],
      [
        [1, "600.00"],
        [2, "=1+1"],
      ],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(`${BOM}Investment ID,Amount (GHS)\r\n1,600.00\r\n2,'=1+1\r\n`);
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["A", "B"], [])).toBe(`${BOM}A,B\r\n`);
  });
});

describe("csvFileName and csvResponse", () => {
  it("keeps file names safe for the header", () => {
    expect(csvFileName("payouts investment 7")).toBe("payouts-investment-7.csv");
    expect(csvFileName('a"b\r\n.csv')).toBe("a-b-.csv");
    expect(csvFileName("")).toBe("export.csv");
  });

  it("answers an attachment in UTF-8 that is not cached", async () => {
    const res = csvResponse("investments", toCsv(["A"], [["x"]]));
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="investments.csv"');
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("noCsvResponse", () => {
  it("says why there is nothing to download, with a way back, in the reader's language", async () => {
    const english = noCsvResponse(msg("rules.investmentNotFound"), "en", "/portfolio");
    expect(english.status).toBe(404);
    const html = await english.text();
    expect(html).toContain('<p role="alert">Investment not found.</p>');
    expect(html).toContain('<a href="/portfolio">Back to your portfolio</a>');
    const pseudo = await noCsvResponse(msg("rules.investmentNotFound"), "pseudo", "/portfolio").text();
    expect(pseudo).toContain("⟦");
    expect(wordsOutsideCatalog(pseudo)).toEqual([]);
  });
});
