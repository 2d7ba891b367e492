import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No English sentence written outside the catalog (docs/decisions/010): every text a person reads
 * comes from app/catalog by id. This reads the syntax tree of every module of app/ (tests, the
 * catalog and the seed's demo data aside) and lists each string or template literal that reads as
 * an English sentence: a capitalised word, then at least two more words. What stays English on
 * purpose is named below, by the call it is written into or in the commented list.
 */
const APP = path.resolve(import.meta.dirname, "../app");

/**
 * A sentence: a capitalised word (or "A", "I") ending at a space, then two more words, each after a
 * space; a template's `${...}` counts as no word. Code is not caught: "Path=/; Max-Age=60", "IS NULL".
 */
const SENTENCE = /^[^\p{L}]*(?:[A-Z][a-z][\p{L}'’-]*|A|I)(?=[,:;]?\s)(?:[^\p{L}]*\s[^\p{L}]*[\p{L}][\p{L}'’-]*){2,}/u;
const HOLE = "§";

/** Words for programmers and operators, by the call they are written into: they stay English. */
function forProgrammers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at && !ts.isBlock(at) && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isNewExpression(at)) {
      const name = at.expression.getText();
      // A programmer's mistake or a broken deployment (Error); a provider's diagnostic kept for the
      // operator as its logs are (SmsError, EmailError); a payments fault with no ref (a person
      // reads a PaymentsError only through its MessageRef, see app/integrations/payments/rules.server.ts).
      if (/^(Error|TypeError|RangeError|SmsError|EmailError)$/.test(name)) return true;
      if (name === "PaymentsError") return at.arguments?.[1] !== undefined && containsNode(at.arguments[1], node) && !ts.isCallExpression(at.arguments[1]);
    }
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      // Log lines: pino's logger, the adapters' injected `log`, the console.
      if (/^(logger|console)\.\w+$/.test(callee) || callee === "log") return true;
      // Metrics' help texts (Prometheus HELP lines).
      if (callee === "counter" || callee === "histogram" || callee === "gauge") return true;
    }
    if (ts.isPropertyAssignment(at) && at.name.getText() === "help") return true;
  }
  return false;
}

const containsNode = (outer: ts.Node, inner: ts.Node) => inner.getStart() >= outer.getStart() && inner.getEnd() <= outer.getEnd();

/**
 * What stays English on purpose, by file and the literal's start. Each line says why; a line that
 * no longer matches anything fails the test too, so the list only shrinks.
 */
const ALLOWED: Array<{ file: string; starts: string; why: string }> = [
  // Demo data: the demo list's example batches and the demo adapters' banks are data, like the seed's.
  { file: "pages/invest-list.ts", starts: "Demo layer farm", why: "demo data" },
  { file: "pages/invest-list.ts", starts: "Dormaa Ahenkro", why: "demo data (a place)" },
  { file: "pages/invest-list.ts", starts: "Techiman, Bono East", why: "demo data (a place)" },
  { file: "pages/invest-list.ts", starts: "Demo broiler farm", why: "demo data" },
  { file: "integrations/payments/demo.server.ts", starts: "Demo Bank Ghana", why: "demo data (a bank's name)" },
  { file: "integrations/payments/demo.server.ts", starts: "Demo Savings and Loans", why: "demo data (a bank's name)" },
  { file: "integrations/kyc/demo.server.ts", starts: "Approved automatically by the demo", why: "demo data: the demo verifier's note, as a real verifier's own words" },
  // Text for an outside system's records, in the provider's language, not ours.
  { file: "models/withdrawal.server.ts", starts: "Akoko wallet withdrawal", why: "the transfer's reason in the provider's records" },
  { file: "models/deposit.server.ts", starts: "Returned by Akoko: this payment", why: "the refund's note in the provider's records" },
  { file: "models/deposit.server.ts", starts: "Deposit § not credited", why: "the refund's note in the provider's records" },
  // The adapters' own status words in their results: no model shows them (deposits and withdrawals answer with paymentStatus.*).
  { file: "integrations/payments/rules.server.ts", starts: "Approve the payment prompt", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "Enter the code from your phone", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "That code did not work", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "We are waiting for your network", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "The payment did not go through", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "Your withdrawal is on its way", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "The withdrawal could not be sent", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "The transfer needs a one-time code", why: "an adapter result's word, never shown" },
  { file: "integrations/payments/rules.server.ts", starts: "Enter a Ghana mobile money number", why: "an adapter result's word, never shown (people read paymentStatus.badPhone)" },
  { file: "integrations/payments/rules.server.ts", starts: "Check the account number", why: "an adapter result's word, never shown (people read paymentStatus.badRecipient)" },
  // Entries written before memo ids: the legacy lookup matches the English they were written with.
  { file: "models/investment.server.ts", starts: "Bought § units of Batch", why: "matches old journal entries' stored memo" },
  // npm run db:copy speaks to the operator at a terminal, in English, as the logs do.
  { file: "models/db-copy.server.ts", starts: "Name the SQLite database to copy", why: "the operator's command-line tool" },
  { file: "models/db-copy.server.ts", starts: "Name the PostgreSQL database to copy into", why: "the operator's command-line tool" },
  { file: "models/db-copy.server.ts", starts: "Could not open and migrate", why: "the operator's command-line tool" },
  { file: "models/db-copy.server.ts", starts: "Copying § failed", why: "the operator's command-line tool" },
  { file: "models/db-copy.server.ts", starts: "The copy does not match the source", why: "the operator's command-line tool" },
  // A library's own words, matched to recognise its warning: nobody reads them from here.
  { file: "entry.server.tsx", starts: "Warning: Single fetch-enabled apps", why: "Remix's warning about a ?_data request, recognised so it is not logged" },
  // Not yet moved: the admin-facing stored texts (issue 28 point 2, part 2).
];

type Found = { file: string; line: number; text: string };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The English sentences written into one module's literals, the ones for programmers aside. */
function englishIn(fileName: string, text: string): Found[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join("");
    // A literal type, an import's module name and a property's quoted name are not text.
    const parent = node.parent;
    const notText = parent && (ts.isLiteralTypeNode(parent) || ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || (ts.isPropertyAssignment(parent) && parent.name === node));
    if (literal !== null && !notText && SENTENCE.test(literal.trim()) && !forProgrammers(node))
      found.push({ file: fileName, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: literal.trim() });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const allowedFor = (f: Found) => ALLOWED.find((a) => a.file === f.file && f.text.startsWith(a.starts));

describe("no English sentence outside the catalog", () => {
  const files = sources(APP)
    .map((full) => path.relative(APP, full).split(path.sep).join("/"))
    .filter((file) => !file.startsWith("catalog/") && !file.startsWith("seed/"));
  const found = files.flatMap((file) => englishIn(file, fs.readFileSync(path.join(APP, file), "utf8")));

  it("reads every module", () => {
    expect(files.length).toBeGreaterThan(250);
  });

  it("finds no sentence but the ones named as staying English", () => {
    expect(found.filter((f) => !allowedFor(f)).map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });

  it("names nothing that is no longer there", () => {
    expect(ALLOWED.filter((a) => !found.some((f) => allowedFor(f) === a)).map((a) => `${a.file}: ${a.starts}`)).toEqual([]);
  });

  it("catches a sentence planted in a route, a model or a template, and leaves logs, errors and metrics be", () => {
    const planted = [
      'export const meta = () => [{ title: "Your wallet is ready." }];',
      "throw new DomainError(409, `Batch #${id} is sold out: choose another.`);",
      'return { detail: "Two-factor sign-in is on." };',
      'notify(userId, "X", `Withdrawal of ${amount} sent to ${provider}.`);',
    ].join("\n");
    expect(englishIn("routes/planted.tsx", planted).map((f) => f.text)).toEqual([
      "Your wallet is ready.",
      "Batch #§ is sold out: choose another.",
      "Two-factor sign-in is on.",
      "Withdrawal of § sent to §.",
    ]);
    const kept = [
      'logger.warn({ id }, "The provider did not answer in time");',
      "throw new Error(`No journal entry ${id} to reverse`);",
      'counter("akoko_x_total", "Deposits by how they ended.", ["outcome"]);',
      'const METRIC = { help: "Time to answer a request, by route." };',
      'throw new PaymentsError("config", `Unknown payments provider: ${name}`);',
      'type Kind = "Not a sentence at all";',
    ].join("\n");
    expect(englishIn("lib/kept.ts", kept)).toEqual([]);
  });
});
