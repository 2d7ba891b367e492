import { describe, expect, it } from "vitest";
import { render } from "~/catalog/index.server";
import { deviceLabel, deviceName, ipHint, placeName } from "~/domain/devices";

describe("deviceLabel", () => {
  const cases: [string, string][] = [
    // Real User-Agent strings as browsers and tools send them.
    ["Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51", "Edge on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "Safari on Mac"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1", "Chrome on iPhone"],
    ["Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/81.1.4292.78446", "Opera on Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1", "Safari on iPad"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on Chromebook"],
    ["curl/8.5.0", "API client (curl)"],
    ["python-requests/2.31.0", "API client (Python requests)"],
    ["PostmanRuntime/7.37.3", "API client (Postman)"],
    ["okhttp/4.12.0", "API client (OkHttp)"],
    ["Dart/3.3 (dart:io)", "API client (Dart)"],
    ["node", "API client (Node.js)"],
  ];
  it.each(cases)("%s -> %s", (ua, label) => expect(deviceLabel(ua)).toBe(label));

  it("names the device in the reader's language, the same words as the stored label in English", () => {
    for (const ua of [...cases.map(([ua]) => ua), "", "Mozilla/5.0 (Linux; Android 10)", "Mozilla/5.0 Gecko Firefox/125.0"]) {
      expect(render("en", deviceName(ua)), ua).toBe(deviceLabel(ua));
    }
    expect(render("ak", deviceName(cases[0][0]))).toBe("Chrome wɔ Android so");
    expect(render("ak", deviceName(""))).not.toBe("Unknown device");
  });

  it("says so when the header is missing or says nothing it knows", () => {
    expect(deviceLabel(null)).toBe("Unknown device");
    expect(deviceLabel("")).toBe("Unknown device");
    expect(deviceLabel("   ")).toBe("Unknown device");
    expect(deviceLabel("SomethingElse/1.0")).toBe("Unknown device");
    expect(deviceLabel("<script>alert(1)</script>")).toBe("Unknown device");
  });
});

describe("ipHint", () => {
  it("calls loopback and private ranges the local network", () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "192.168.0.12", "172.16.5.4", "172.31.255.1", "100.64.0.1", "fd12:3456::1", "fe80::1"]) {
      expect(ipHint(ip), ip).toBe("Local network");
    }
  });

  it("hides the last part of a public address", () => {
    expect(ipHint("41.66.12.201")).toBe("41.66.12.x");
    expect(ipHint("::ffff:154.160.3.9")).toBe("154.160.3.x");
    expect(ipHint("172.32.0.1")).toBe("172.32.0.x");
    expect(ipHint("2c0f:2a80:10:5:abcd::1")).toBe("2c0f:2a80:10:5::x");
  });

  it("says Unknown for what is not an address", () => {
    for (const ip of [null, undefined, "", "unknown", "999.1.1.1", "hello", "1.2.3"]) expect(ipHint(ip)).toBe("Unknown");
  });

  it("names the place in the reader's language, the same words as the API's hint in English", () => {
    for (const ip of ["127.0.0.1", "41.66.12.201", "2c0f:2a80:10:5:abcd::1", "hello", null]) expect(render("en", placeName(ip)), String(ip)).toBe(ipHint(ip));
    expect(render("ak", placeName("10.0.0.1"))).not.toBe("Local network");
    expect(render("ak", placeName("41.66.12.201"))).toBe("41.66.12.x");
  });
});
