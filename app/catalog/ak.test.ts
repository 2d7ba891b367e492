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
});
