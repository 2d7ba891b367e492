import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lastFour, openIdNumber, sealIdNumber } from "~/lib/kyc-crypto.server";

describe("identity numbers at rest", () => {
  const key = randomBytes(32);
  it("seals with a fresh iv each time, opens with the key, and never holds the number in clear", () => {
    const a = sealIdNumber("GHA-123456789-0", key);
    const b = sealIdNumber("GHA-123456789-0", key);
    expect(a.iv).not.toBe(b.iv);
    expect(JSON.stringify(a)).not.toContain("123456789");
    expect(Buffer.from(a.ciphertext, "base64").toString("latin1")).not.toContain("123456789");
    expect(openIdNumber(a, key)).toBe("GHA-123456789-0");
    expect(lastFour("GHA-123456789-0")).toBe("89-0");
  });
  it("refuses a wrong key or an altered row", () => {
    const sealed = sealIdNumber("GHA-123456789-0", key);
    expect(() => openIdNumber(sealed, randomBytes(32))).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, "base64");
    bytes[0] ^= 1;
    expect(() => openIdNumber({ ...sealed, ciphertext: bytes.toString("base64") }, key)).toThrow();
  });
});
