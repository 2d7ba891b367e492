import { describe, expect, it } from "vitest";
import { ak } from "~/catalog/ak";
import { en, type MessageId } from "~/catalog/en";
import type { Template } from "~/catalog/format";

const placeholders = (template: Template) =>
  new Set((typeof template === "string" ? [template] : Object.values(template)).flatMap((text) => [...(text ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1])));

describe("the Twi catalog", () => {
  it("has a Twi text for every English id", () => {
    expect(Object.keys(en).filter((id) => !(id in ak))).toEqual([]);
  });

  it("has only ids the English catalog has, each using only the parameters its English text takes", () => {
    const problems: string[] = [];
    for (const [id, twi] of Object.entries(ak) as Array<[MessageId, Template]>) {
      const english = en[id] as Template | undefined;
      if (english === undefined) {
        problems.push(`${id}: not an English id`);
        continue;
      }
      const allowed = placeholders(english);
      if (typeof english !== "string") allowed.add("count");
      for (const name of placeholders(twi)) if (!allowed.has(name)) problems.push(`${id}: {${name}} is not a parameter of this message`);
      if (typeof english !== typeof twi) problems.push(`${id}: ${typeof english === "string" ? "a plain text" : "plural forms"} in English`);
      if (typeof twi !== "string") for (const form of Object.keys(twi)) if (form !== "one" && form !== "other") problems.push(`${id}: Akan has no '${form}' plural form`);
      if (typeof twi === "string" ? twi.trim() === "" : Object.values(twi).some((t) => !t?.trim())) problems.push(`${id}: empty`);
    }
    expect(problems).toEqual([]);
  });

  it("never copies an English phrase as its Twi text, names aside", () => {
    // Names Ghanaians use as they are (docs/twi-glossary.md): the products, documents, mobile money, and the payment provider's webhook events.
    const NAMES =
      /^(← )?(Egg Notes?|Chicken Notes?|(EGG|CHICKEN) \((Egg|Chicken) Note\)|Ghana Card( PIN)?|( · )?Ghana Card PIN \{pin\}|ECOWAS passport|Mobile money( network| \(\{network\}\))?|Webhook events)$/;
    const phrase = (t: Template) => (typeof t === "string" ? t : t.other).replace(/\{\w+\}/g, "");
    const isName = (t: Template) => typeof t === "string" && NAMES.test(t);
    const copied = (Object.keys(en) as MessageId[]).filter((id) => JSON.stringify(en[id]) === JSON.stringify(ak[id]) && /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(phrase(en[id])) && !isName(en[id]));
    expect(copied).toEqual([]);
  });

  it("translates the one-word labels an investor reads on the account page, the withdrawal form, the batch pages and identity", () => {
    // One English word is no phrase to the check above: these were left in English once.
    const labels: MessageId[] = [
      "account.sessions",
      "account.browsers",
      "payments.network",
      "portfolioDialogs.network",
      "batchFacts.sensor.ammonia",
      "batchPage.table.ammonia",
      "forms.farmLog.label.ammonia_ppm",
      "kyc.idTypeName.PASSPORT",
      "account.key",
      "adminRemittances.period.HARVEST",
      "adminRemittances.period.CLOSE",
      "adminRemittances.periodHint.CHICKEN",
    ];
    expect(labels.filter((id) => ak[id] === en[id])).toEqual([]);
  });

  it("says dashboard, sensor, device token, fingerprint and a sign-in's network in Twi (docs/twi-glossary.md)", () => {
    // Left in English once on the admin pages; the header a device sends is its protocol's text, not a word.
    const texts = Object.entries(ak).flatMap(([id, t]) => (typeof t === "string" ? [[id, t]] : Object.values(t).map((v) => [id, v ?? ""])));
    const english = texts.filter(([, text]) => /\b(dashboard|sensors?|tokens?|fingerprint)\b/i.test(text.replace("Bearer <token>", ""))).map(([id]) => id);
    expect(english).toEqual([]);
    expect(ak["devices.localNetwork"]).not.toMatch(/network/i);
  });

  it("names the products in Twi inside a sentence: Egg and Chicken alone are English words", () => {
    // "Egg Notes" and "Chicken Notes" are the products' names and stay; a batch is "nkesua" or "nkokɔ nam".
    const texts = Object.entries(ak).flatMap(([id, t]) => (typeof t === "string" ? [[id, t]] : Object.values(t).map((v) => [id, v ?? ""])));
    expect(texts.filter(([, text]) => /\b(Egg|Chicken)\b(?! Notes?\b)/.test(text)).map(([id]) => id)).toEqual([]);
  });
});
