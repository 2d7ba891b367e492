import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { en } from "~/catalog/en";
import { detailIn, render } from "~/catalog/index.server";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "~/catalog/pseudo";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { checkPayoutPeriod } from "~/domain/payouts";
import { readRemittance } from "~/domain/remittances";
import { fieldErrors, fieldMessages, formMsg } from "~/forms/parse.server";
import { HttpError } from "~/lib/http.server";
import { englishOf } from "~/domain/errors";

const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const bracketed = (text: string) => text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE);

describe("the refusals' messages", () => {
  it("every message id the app names is in the catalog", () => {
    const named = new Set<string>();
    for (const file of sources(APP)) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(?:msg|formMsg|formIssue)\(\s*"([^"]+)"/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(80);
    expect([...named].filter((id) => !(id in en))).toEqual([]);
  });

  it("a DomainError's detail is its English text; the pseudo-locale renders it, parameters and all, from the catalog", () => {
    const error = new DomainError(409, msg("rules.batchNotOpen"));
    expect(error.detail).toBe("This batch is no longer open for investment.");
    expect(error.message).toBe(error.detail);
    expect(bracketed(detailIn("pseudo", error))).toBe(true);

    const money = new DomainError(409, msg("rules.payout.reserveTooSmall", { reserve: { money: 1250 }, draw: { money: 500000 } }));
    expect(money.detail).toBe("The reserve holds GH₵12.50, less than the GH₵5,000.00 draw. Fund the reserve first.");
    expect(detailIn("pseudo", money)).toContain("GH₵5,000.00");
  });

  it("counts take their plural form", () => {
    expect(render("en", msg("rules.exitTooMany", { count: 6 }))).toBe("You can offer at most 6 units for early exit.");
    expect(render("en", msg("rules.exitTooMany", { count: 1 }))).toBe("You can offer at most 1 unit for early exit.");
    expect(render("en", msg("rules.farmLog.roomForMore", { count: 2 }))).toBe("This log has room for 2 more photos.");
  });

  it("a message inside a message (a field's label) is rendered in the same locale", () => {
    const refusal = (() => {
      try {
        readRemittance({ period: "HARVEST", amount: "100", birds_sold: "many" }, { id: 3, productType: "CHICKEN", startDate: "2026-01-01" }, "2026-05");
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(refusal?.detail).toBe("Birds sold must be a whole number of 0 or more.");
    const pseudo = detailIn("pseudo", refusal!);
    expect(pseudo.startsWith(PSEUDO_OPEN)).toBe(true);
    expect(pseudo).not.toMatch(/Birds sold/);
  });

  it("a rule's refusal keeps its message id, which code compares instead of the text", () => {
    try {
      checkPayoutPeriod({ period: "2030-01", startDate: null, currentPeriod: "2026-05" });
    } catch (e) {
      expect((e as DomainError).ref).toEqual({ msg: "rules.payout.periodFuture", params: { period: "2030-01" } });
    }
    expect(new HttpError(404, msg("api.notFound")).detail).toBe("Not found.");
  });

  it("a form's zod message stays English; fieldErrors renders the catalog message in the locale it is given", () => {
    const schema = z.object({ farm_id: z.coerce.number(formMsg("rules.selectFarm")).int(formMsg("rules.selectFarm")).positive(formMsg("rules.selectFarm")) });
    const parsed = schema.safeParse({ farm_id: "0" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues[0].message).toBe("Select a farm.");
    expect(fieldErrors(parsed.error, englishOf)).toEqual({ farm_id: "Select a farm." });
    expect(fieldMessages(parsed.error)).toEqual({ farm_id: { msg: "rules.selectFarm" } });
    expect(bracketed(fieldErrors(parsed.error, (m) => render("pseudo", m)).farm_id)).toBe(true);
  });
});
