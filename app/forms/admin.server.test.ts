import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { BatchSchema, ContentPageSchema, FarmSchema } from "~/forms/admin.server";
import { DeviceLabelSchema } from "~/forms/farm-devices.server";
import { fieldMessages } from "~/forms/parse.server";
import { BATCH_DEFAULTS } from "~/forms/limits";

describe("admin form rules", () => {
  it("the farm name is required", () => {
    const r = FarmSchema.safeParse({ name: "  ", location: "Kumasi" });
    expect(r.success || r.error.issues[0].message).toBe("Farm name required.");
    expect(FarmSchema.parse({ name: " Ejisu Farm " })).toEqual({ name: "Ejisu Farm", location: "", notes: "" });
  });

  it("farm names, locations, page titles and FAQ questions refuse control characters and text-direction marks", () => {
    const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));
    expect(messages(FarmSchema.safeParse({ name: "Ejisu\u202e Farm", location: "Kumasi\u0000" }))).toEqual([
      "The farm name cannot contain control characters or text-direction marks.",
      "The location cannot contain control characters or text-direction marks.",
    ]);
    expect(messages(ContentPageSchema.safeParse({ title: "How\u2066 It Works", faqs: [{ question: "Q\u0007?", answer: "A." }] }))).toEqual([
      "The title cannot contain control characters or text-direction marks.",
      "A question cannot contain control characters or text-direction marks.",
    ]);
  });

  it("the admin batch defaults parse into pesewas and fractions", () => {
    const r = BatchSchema.parse({ farm_id: "3", ...Object.fromEntries(Object.entries(BATCH_DEFAULTS).map(([k, v]) => [k, String(v)])), start_date: "" });
    expect(r).toEqual({ farm_id: 3, product_type: "CHICKEN", unit_price: 5000, target_units: 1000, feed_price: 600, mortality_rate: 0.07, expected_roi: 0.12, start_date: null });
  });

  it("'Select a farm.' without a farm; money with at most 2 decimals", () => {
    const r = BatchSchema.safeParse({ farm_id: "", product_type: "EGG", unit_price: "10.001", target_units: "5", mortality_rate: "0", expected_roi: "0.01" });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toContain("Select a farm.");
    expect(messages).toContain("Enter a unit price above zero with at most 2 decimals.");
  });

  it("number fields take plain decimal text only: Number()'s hex, binary, octal and exponent notations get the field's message", () => {
    const batch = { farm_id: "3", product_type: "EGG", unit_price: "10", target_units: "10", mortality_rate: "0", expected_roi: "0.01" };
    const firstMessage = (fields: Record<string, string>) => {
      const r = BatchSchema.safeParse({ ...batch, ...fields });
      return r.success ? "accepted" : r.error.issues[0].message;
    };
    for (const target_units of ["0x10", "0b11", "0o7", "1e1", "Infinity", " 1 0"]) expect(firstMessage({ target_units })).toBe("Enter the target units as a whole number.");
    for (const mortality_rate of ["0x0", "0b1", "0o0", "1e-1", "Infinity", " 0 1"]) expect(firstMessage({ mortality_rate })).toBe("Enter mortality as a fraction between 0 and 1, e.g. 0.07.");
    for (const expected_roi of ["0x1", "0b1", "0o1", "1e-1", "Infinity", " 0 1"]) expect(firstMessage({ expected_roi })).toBe("Enter the expected ROI as a fraction between 0 and 1, e.g. 0.12.");
    const example = ContentPageSchema.safeParse({ title: "T", example_expected_roi: "0x1" });
    expect(example.success ? "accepted" : example.error.issues[0].message).toBe("Enter the example ROI as a fraction between 0 and 1, e.g. 0.12.");
    expect(BatchSchema.parse({ ...batch, target_units: " 16 ", mortality_rate: "0.05", expected_roi: 1 })).toMatchObject({ target_units: 16, mortality_rate: 0.05, expected_roi: 1 });
  });

  it("the How It Works page: title required, FAQs need both halves, example price in pesewas", () => {
    expect(ContentPageSchema.parse({ title: "How It Works", body_md: "# Hi", faqs: [{ question: "Q?", answer: "A." }], example_unit_price: "75.50", example_expected_roi: "0.1" })).toEqual({
      title: "How It Works",
      body_md: "# Hi",
      faqs: [{ question: "Q?", answer: "A." }],
      example_unit_price: 7550,
      example_expected_roi: 0.1,
    });
    expect(ContentPageSchema.parse({ title: "T", example_unit_price: "", example_expected_roi: "" })).toMatchObject({ body_md: "", faqs: [], example_unit_price: null, example_expected_roi: null });
    const bad = ContentPageSchema.safeParse({ title: "", faqs: [{ question: "Q?", answer: " " }] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(["Enter a title.", "Each FAQ needs an answer."]);
  });

  it("every admin field answers a list, an object or a wrong type with a catalog message, never zod's own English", () => {
    const schemas: Array<[string, z.ZodObject]> = [
      ["farm", FarmSchema],
      ["batch", BatchSchema],
      ["page", ContentPageSchema],
      ["device", DeviceLabelSchema],
    ];
    const raw: string[] = [];
    for (const [name, schema] of schemas)
      for (const field of Object.keys(schema.shape))
        for (const value of [[1], { a: 1 }, true, 5, null]) {
          const r = schema.safeParse({ [field]: value });
          const message = r.success ? undefined : fieldMessages(r.error)[field];
          if (typeof message === "string") raw.push(`${name}.${field} = ${JSON.stringify(value)}: ${message}`);
        }
    for (const faq of [5, ["q"], { question: "q", answer: 5 }, { question: ["q"], answer: "a" }, { question: "q" }]) {
      const r = ContentPageSchema.safeParse({ title: "T", faqs: [faq] });
      const message = r.success ? "accepted" : fieldMessages(r.error).faqs;
      if (typeof message === "string") raw.push(`faqs = ${JSON.stringify([faq])}: ${message}`);
    }
    expect(raw).toEqual([]);
  });
});
