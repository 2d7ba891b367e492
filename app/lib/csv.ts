import { intlLocale, type Locale, type MessageRef } from "~/catalog/format";
import { render, translate } from "~/catalog/index.server";

/**
 * CSV for spreadsheets: a byte-order mark (so Excel reads UTF-8, e.g. "GH₵"), CRLF line ends,
 * RFC 4180 quoting, and formula-injection escaping: a text cell that starts with = + - @ (or a tab
 * or carriage return) gets a leading single quote, so a spreadsheet shows it instead of running it.
 * Plain numbers such as "-50.00" cannot run anything and stay numbers.
 */

export const BOM = "\uFEFF";

export type CsvCell = string | number | boolean | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The whole file: BOM, header row, then one row per record, each line ended by CRLF. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  const lines = [headers, ...rows].map((row) => row.map(escapeCell).join(","));
  return BOM + lines.map((line) => `${line}\r\n`).join("");
}

/** A safe file name for Content-Disposition (letters, digits, dot, dash, underscore). */
export function csvFileName(name: string): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
  return base.endsWith(".csv") ? base : `${base}.csv`;
}

/** The download answer: attachment, UTF-8, never cached (it is one investor's money). */
export function csvResponse(fileName: string, body: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(fileName)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Nothing to download: a 404 whose body is the message, readable as a page by a phone without
 * JavaScript that followed the Export link, with a way back; in the reader's language.
 */
export function noCsvResponse(message: MessageRef, locale: Locale, backHref: string, status = 404): Response {
  const said = render(locale, message);
  const text = escapeHtml(said);
  const title = escapeHtml(translate(locale, "common.pageTitle", { title: said, brand: "Akoko" }));
  const back = escapeHtml(translate(locale, "common.backToPortfolio"));
  const body = `<!doctype html><html lang="${intlLocale(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;margin:2rem 1rem;color:#1c1917"><p role="alert">${text}</p><p><a href="${escapeHtml(backHref)}">${back}</a></p></body></html>`;
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
}
