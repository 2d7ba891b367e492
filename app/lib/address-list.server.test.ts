import { describe, expect, it } from "vitest";
import { parseAddressList } from "~/lib/address-list.server";

describe("parseAddressList", () => {
  it("takes addresses and CIDR ranges, IPv4 and IPv6, and reads an IPv4 caller on an IPv6 socket", () => {
    const list = parseAddressList(" 196.201.214.0/24, 52.48.80.50 ,2001:db8::/32")!;
    expect(list.size).toBe(3);
    expect(list.has("196.201.214.77")).toBe(true);
    expect(list.has("::ffff:196.201.214.77")).toBe(true);
    expect(list.has("52.48.80.50")).toBe(true);
    expect(list.has("2001:db8::1")).toBe(true);
    expect(list.has("196.201.215.1")).toBe(false);
    expect(list.has("52.48.80.51")).toBe(false);
    expect(list.has("unknown")).toBe(false);
  });

  it("refuses anything that is not an address or a range", () => {
    for (const text of ["", " , ", "example.com", "10.0.0.1/33", "10.0.0.0/8/1", "10.0.0.0/x", "1.2.3"]) expect(parseAddressList(text)).toBeNull();
  });
});
