import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, hashPasswordSync, sameSecret, verifyPassword } from "~/lib/password.server";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same-password");
    const b = hashPasswordSync("same-password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same-password", b)).toBe(true);
  });

  it("keeps a dummy hash made as every hash is made now, so checking it takes as long as a real one", async () => {
    const fresh = hashPasswordSync("not-a-real-password");
    const params = (hash: string) => hash.split("$").slice(0, 4);
    expect(params(DUMMY_HASH)).toEqual(params(fresh));
    expect(Buffer.from(DUMMY_HASH.split("$")[5], "base64").length).toBe(Buffer.from(fresh.split("$")[5], "base64").length);
    expect(await verifyPassword("not-a-real-password", DUMMY_HASH)).toBe(true);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$whatever")).toBe(false);
  });
});

describe("sameSecret", () => {
  it("is true only for the same text, and false (not a throw) for texts of one length but other byte lengths", () => {
    expect(sameSecret("abc123", "abc123")).toBe(true);
    expect(sameSecret("abc124", "abc123")).toBe(false);
    expect(sameSecret("abc", "abc123")).toBe(false);
    expect(sameSecret("\u00e9".repeat(6), "abcdef")).toBe(false);
    expect(sameSecret("", "")).toBe(true);
  });
});
