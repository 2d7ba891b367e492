import { describe, expect, it } from "vitest";
import { fieldErrors, renderMessages } from "~/forms/parse.server";
import { checkKycImages as checkKycImageRefs, kycSubmissionSchema } from "~/forms/kyc.server";
import { KYC_IMAGE_MAX_BYTES } from "~/forms/limits";
import { englishOf } from "~/domain/errors";

const TODAY = "2026-11-23";
/** The images' messages in English, as the page shows them. */
const checkKycImages = (...args: Parameters<typeof checkKycImageRefs>) => {
  const r = checkKycImageRefs(...args);
  return r.ok ? r : { ok: false as const, errors: renderMessages(r.errors, englishOf) };
};
const KycSchema = kycSubmissionSchema(TODAY);
const valid = { legal_name: "Akosua Mensah", date_of_birth: "1990-04-25", phone: "024 123 4567", id_type: "GHANA_CARD", id_number: "GHA-123456789-0" };
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);

describe("kycSubmissionSchema", () => {
  it("refuses control characters and text-direction marks in the legal name (the shared name rule)", () => {
    expect(fieldErrors(KycSchema.safeParse({ ...valid, legal_name: "Akosua\u202eMensah" }).error!, englishOf)).toEqual({
      legal_name: "Your legal name cannot contain control characters or text-direction marks.",
    });
    expect(fieldErrors(KycSchema.safeParse({ ...valid, legal_name: "A" }).error!, englishOf)).toEqual({ legal_name: "Enter your legal name as it appears on your ID." });
  });

  it("accepts a Ghana Card number like GHA-123456789-0 (any case) and normalises the phone", () => {
    expect(KycSchema.parse(valid)).toEqual({ ...valid, phone: "+233241234567" });
    expect(KycSchema.parse({ ...valid, id_number: " gha-987654321-5 " }).id_number).toBe("GHA-987654321-5");
  });

  it("refuses a malformed Ghana Card number", () => {
    for (const id_number of ["GHA-12345678-0", "GHA1234567890", "GH-123456789-0", "GHA-123456789-01"]) {
      const r = KycSchema.safeParse({ ...valid, id_number });
      expect(r.success, id_number).toBe(false);
      expect(fieldErrors(r.error!, englishOf)).toEqual({ id_number: "Enter a Ghana Card number like GHA-123456789-0." });
    }
  });

  it("takes an ECOWAS passport number (letters and digits) and nothing else as an ID type", () => {
    for (const id_number of ["G1234567", "A12345678", "20AB12345"]) expect(KycSchema.safeParse({ ...valid, id_type: "PASSPORT", id_number }).success, id_number).toBe(true);
    for (const id_number of ["GHA-123456789-0", "ABCDEFGH", "A12"]) expect(KycSchema.safeParse({ ...valid, id_type: "PASSPORT", id_number }).success, id_number).toBe(false);
    expect(fieldErrors(KycSchema.safeParse({ ...valid, id_type: "VOTER_ID" }).error!, englishOf)).toEqual({ id_type: "Choose your ID type: Ghana Card or passport." });
  });

  it("needs an investor of 18 or older, on a real date", () => {
    expect(KycSchema.safeParse({ ...valid, date_of_birth: "2008-11-23" }).success).toBe(true);
    expect(fieldErrors(KycSchema.safeParse({ ...valid, date_of_birth: "2008-11-24" }).error!, englishOf)).toEqual({ date_of_birth: "You must be 18 or older to invest with Akoko." });
    expect(fieldErrors(KycSchema.safeParse({ ...valid, date_of_birth: "1990-02-30" }).error!, englishOf)).toEqual({ date_of_birth: "Enter your date of birth as a real date, like 1990-04-25." });
    expect(fieldErrors(KycSchema.safeParse({ ...valid, date_of_birth: "2027-01-01" }).error!, englishOf)).toEqual({ date_of_birth: "Your date of birth cannot be in the future." });
    expect(fieldErrors(KycSchema.safeParse({ ...valid, date_of_birth: "" }).error!, englishOf)).toEqual({ date_of_birth: "Enter your date of birth." });
  });

  it("gives every field its own message", () => {
    expect(fieldErrors(KycSchema.safeParse({ legal_name: "", date_of_birth: "", phone: "123", id_type: "LIBRARY_CARD", id_number: "" }).error!, englishOf)).toEqual({
      legal_name: "Enter your legal name as it appears on your ID.",
      date_of_birth: "Enter your date of birth.",
      phone: "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.",
      id_type: "Choose your ID type: Ghana Card or passport.",
      id_number: "Enter your ID number.",
    });
  });
});

describe("checkKycImages", () => {
  it("needs the ID and the selfie; the proof of address is optional", () => {
    expect(checkKycImages({})).toEqual({ ok: false, errors: { id_front: "Add a photo of the front of your ID.", selfie: "Add a selfie: a clear photo of your face." } });
    const ok = checkKycImages({ id_front: { size: jpeg.length, bytes: jpeg }, selfie: { size: png.length, bytes: png } });
    expect(ok.ok && Object.fromEntries(Object.entries(ok.images).map(([k, v]) => [k, v!.type]))).toEqual({ id_front: "image/jpeg", selfie: "image/png" });
  });

  it("judges images by their bytes and size, never their names", () => {
    const gif = new TextEncoder().encode("GIF89a....");
    expect(checkKycImages({ id_front: { size: gif.length, bytes: gif }, selfie: { size: jpeg.length, bytes: jpeg }, proof_of_address: { size: KYC_IMAGE_MAX_BYTES + 1, bytes: null } })).toEqual({
      ok: false,
      errors: { id_front: "The photo of your ID must be a JPEG or PNG image.", proof_of_address: "The proof of address is too large: at most 5 MB." },
    });
  });
});
