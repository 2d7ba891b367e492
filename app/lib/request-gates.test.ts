import { describe, expect, it } from "vitest";
import { canonicalRequestTarget, requestGate } from "~/lib/request-gates";

describe("requestGate", () => {
  it("pages take urlencoded forms up to 1 MB; the daily-log page also takes 12 MB of photos", () => {
    expect(requestGate("/portfolio")).toEqual({ kind: "page", accepts: "form", maxBytes: 1024 * 1024 });
    expect(requestGate("/admin/batches/3/logs")).toMatchObject({ kind: "page", accepts: "form-or-multipart", maxBytes: 12 * 1024 * 1024 });
    expect(requestGate("/admin/batches/3/logs.data")).toMatchObject({ accepts: "form-or-multipart" });
    expect(requestGate("/admin/batches/3/logsx")).toMatchObject({ accepts: "form" });
  });

  it("the identity form takes three 5 MB images, page and API; its image links are plain pages", () => {
    expect(requestGate("/kyc")).toEqual({ kind: "page", accepts: "form-or-multipart", maxBytes: 16 * 1024 * 1024 });
    expect(requestGate("/kyc.data")).toMatchObject({ accepts: "form-or-multipart" });
    expect(requestGate("/api/v1/kyc")).toEqual({ kind: "api", accepts: "any", maxBytes: 16 * 1024 * 1024 });
    expect(requestGate("/kyc/files/3/selfie")).toMatchObject({ accepts: "form", maxBytes: 1024 * 1024 });
    expect(requestGate("/api/v1/admin/kyc")).toMatchObject({ maxBytes: 1024 * 1024 });
  });

  it("the USSD gateways' callbacks read their own bodies (a form or JSON), 16 KB at most", () => {
    expect(requestGate("/ussd/africastalking/0123456789abcdef")).toEqual({ kind: "api", accepts: "any", maxBytes: 16 * 1024 });
    expect(requestGate("/ussd/hubtel/0123456789abcdef")).toMatchObject({ kind: "api", accepts: "any" });
  });

  it("the API reads its own bodies", () => {
    expect(requestGate("/api/v1/invest/deposit")).toEqual({ kind: "api", accepts: "any", maxBytes: 1024 * 1024 });
    expect(requestGate("/api/v1/admin/batches/3/logs/9/photos")).toMatchObject({ kind: "api", maxBytes: 12 * 1024 * 1024 });
  });

  it("reads a path in any letter case, as the routes match it", () => {
    expect(requestGate("/USSD/Hubtel/0123456789abcdef")).toMatchObject({ kind: "api", accepts: "any", maxBytes: 16 * 1024 });
    expect(requestGate("/API/v1/invest/deposit")).toMatchObject({ kind: "api", accepts: "any" });
    expect(requestGate("/KYC")).toMatchObject({ accepts: "form-or-multipart" });
    expect(requestGate("/Unsubscribe/12.payouts.abc")).toMatchObject({ crossSite: true });
  });
});

describe("canonicalRequestTarget", () => {
  it("resolves dot segments (%2e too), reads a backslash as a slash and unescapes letters, as the router reads a URL", () => {
    expect(canonicalRequestTarget("/api/../logout")).toBe("/logout");
    expect(canonicalRequestTarget("/webhooks/%2e%2E/logout?x=1")).toBe("/logout?x=1");
    expect(canonicalRequestTarget("/api\\..\\logout")).toBe("/logout");
    expect(canonicalRequestTarget("/reset-password/./abc")).toBe("/reset-password/abc");
    expect(canonicalRequestTarget("/%52eset-password/abc%7E")).toBe("/Reset-password/abc~");
  });

  it("leaves everything else as it came: other escapes, doubled slashes, the query", () => {
    for (const target of ["/", "/portfolio?dialog=details&id=3", "/unsubscribe/12.payouts.%C3%A9%2F", "//reset-password//abc", "/search?q=a/../b", "*"])
      expect(canonicalRequestTarget(target)).toBe(target);
  });
});
