import { describe, expect, it } from "vitest";
import { withdrawTarget, type WithdrawForm } from "~/forms/portfolio.server";

const form = (fields: Partial<WithdrawForm>) => ({ intent: "withdraw", amount: "10", ...fields }) as WithdrawForm;

describe("the withdraw form's saved destination", () => {
  it("is a positive whole id written in digits, by the one id rule", () => {
    expect(withdrawTarget(form({ destination_id: "12" }))).toEqual({ ok: true, target: { destinationId: 12, unsaved: null } });
    // Number() would read these as ids: hex, exponent, a fraction of a whole.
    for (const destination_id of ["0x5", "1e1", "5.0", "-3", "0"]) expect(withdrawTarget(form({ destination_id })).ok, destination_id).toBe(false);
  });
});
