import { describe, expect, it } from "vitest";
import { normalizeRecoveryCode, readCode, readSignInCode, recoveryCodeFromBytes } from "~/domain/two-factor";

describe("two-factor codes", () => {
  it("reads an app code with spaces and a recovery code with or without its dash", () => {
    expect(readCode("123 456")).toEqual({ kind: "totp", code: "123456" });
    expect(readCode("K7F3M-9QX2P")).toEqual({ kind: "recovery", code: "k7f3m9qx2p" });
    for (const bad of ["12345", "1234567", "", "abc", null, 123456, "k7f3m-9qx2"]) expect(readCode(bad), String(bad)).toBeNull();
  });

  it("tells a sign-in's missing code from a wrong one", () => {
    for (const missing of [null, undefined, "", "   "]) expect(readSignInCode(missing), String(missing)).toBe("missing");
    expect(readSignInCode("123 456")).toEqual({ kind: "totp", code: "123456" });
    for (const unreadable of ["12345", 123456, {}]) expect(readSignInCode(unreadable), String(unreadable)).toBeNull();
  });

  it("makes recovery codes of unambiguous characters, in two groups of five", () => {
    const code = recoveryCodeFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]));
    expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(code).toBe("23456-789a9"); // 255 % 31 = 7 -> "9"
    expect(normalizeRecoveryCode(code)).toBe(code.replace("-", ""));
    expect(readCode(code)).toEqual({ kind: "recovery", code: normalizeRecoveryCode(code) });
    expect(() => recoveryCodeFromBytes(new Uint8Array(9))).toThrow();
  });
});
