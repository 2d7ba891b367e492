import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/forms/parse.server";
import { KycSchema } from "~/forms/kyc.server";
import { normalizeGhanaPhone } from "~/domain/kyc";

const valid = { legal_name: "Akosua Mensah", phone: "024 123 4567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" };

describe("KycSchema", () => {
  it("refuses control characters and text-direction marks in the legal name (the shared name rule)", () => {
    expect(fieldErrors(KycSchema.safeParse({ ...valid, legal_name: "Akosua\u202eMensah" }).error!)).toEqual({ legal_name: "Your legal name cannot contain control characters or text-direction marks." });
    expect(fieldErrors(KycSchema.safeParse({ ...valid, legal_name: "A" }).error!)).toEqual({ legal_name: "Enter your legal name as it appears on your ID." });
  });

  it("accepts a Ghana Card number like GHA-123456789-0 (any case) and normalises the phone", () => {
    expect(KycSchema.parse(valid)).toEqual({ legal_name: "Akosua Mensah", phone: "+233241234567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" });
    expect(KycSchema.parse({ ...valid, id_number: " gha-987654321-5 " }).id_number).toBe("GHA-987654321-5");
  });

  it("refuses a malformed Ghana Card number", () => {
    for (const id_number of ["GHA-12345678-0", "GHA1234567890", "GH-123456789-0", "GHA-123456789-01"]) {
      const r = KycSchema.safeParse({ ...valid, id_number });
      expect(r.success, id_number).toBe(false);
      expect(fieldErrors(r.error!)).toEqual({ id_number: "Enter a Ghana Card number like GHA-123456789-0." });
    }
  });

  it("checks each ID type's format", () => {
    expect(KycSchema.safeParse({ ...valid, id_type: "PASSPORT", id_number: "G1234567" }).success).toBe(true);
    expect(KycSchema.safeParse({ ...valid, id_type: "PASSPORT", id_number: "GHA-123456789-0" }).success).toBe(false);
    expect(KycSchema.safeParse({ ...valid, id_type: "VOTER_ID", id_number: "1234567890" }).success).toBe(true);
    expect(KycSchema.safeParse({ ...valid, id_type: "VOTER_ID", id_number: "12345" }).success).toBe(false);
    expect(KycSchema.safeParse({ ...valid, id_type: "DRIVERS_LICENCE", id_number: "DL-0012345" }).success).toBe(true);
    expect(KycSchema.safeParse({ ...valid, id_type: "DRIVERS_LICENCE", id_number: "x" }).success).toBe(false);
  });

  it("names each missing field", () => {
    expect(fieldErrors(KycSchema.safeParse({ legal_name: "", phone: "123", id_type: "LIBRARY_CARD", id_number: "" }).error!)).toEqual({
      legal_name: "Enter your legal name as it appears on your ID.",
      phone: "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.",
      id_type: "Choose your ID type.",
      id_number: "Enter your ID number.",
    });
  });
});

describe("normalizeGhanaPhone", () => {
  it("reads local and international forms", () => {
    expect(normalizeGhanaPhone("0241234567")).toBe("+233241234567");
    expect(normalizeGhanaPhone("+233 (0)24")).toBeNull();
    expect(normalizeGhanaPhone("+233 24-123-4567")).toBe("+233241234567");
    expect(normalizeGhanaPhone("00233 50 123 4567")).toBe("+233501234567");
    expect(normalizeGhanaPhone("12345")).toBeNull();
  });
});
