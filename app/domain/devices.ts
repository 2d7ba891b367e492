import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";

/**
 * What a session's request headers say about where it came from (issue 20, the account page's
 * sessions list): a device label from the User-Agent and a hint of the place from the address
 * alone. Pure: no I/O. There is no geolocation database, so the place is only what the address
 * itself tells (a private network, or the address with its last part hidden).
 */

/** Command-line and library clients that sign in through the API, by their User-Agent product token. */
const API_CLIENTS: [RegExp, string][] = [
  [/^curl\//i, "curl"],
  [/^Wget\//i, "Wget"],
  [/^HTTPie\//i, "HTTPie"],
  [/^PostmanRuntime\//i, "Postman"],
  [/^insomnia\//i, "Insomnia"],
  [/^python-requests\//i, "Python requests"],
  [/^python-httpx\//i, "Python httpx"],
  [/^Python-urllib\//i, "Python"],
  [/^aiohttp\//i, "Python aiohttp"],
  [/^axios\//i, "axios"],
  [/^node-fetch\//i, "Node.js"],
  [/^node\b|^undici\b/i, "Node.js"],
  [/^okhttp\//i, "OkHttp"],
  [/^Dart\//i, "Dart"],
  [/^Go-http-client\//i, "Go"],
  [/^Java\//i, "Java"],
  [/^Apache-HttpClient\//i, "Java"],
  [/^Ruby\b|^Faraday\b/i, "Ruby"],
  [/^Akoko\b/i, "Akoko app"],
];

function browserOf(ua: string): string | null {
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and iOS browsers are all Safari underneath.
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return "Edge";
  if (/\bOPR\/|\bOpera\b|\bOPT\//.test(ua)) return "Opera";
  if (/\bSamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return "Firefox";
  if (/\bCriOS\//.test(ua)) return "Chrome";
  if (/\bChrome\/|\bChromium\//.test(ua)) return "Chrome";
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return "Safari";
  if (/\bMSIE |\bTrident\//.test(ua)) return "Internet Explorer";
  return null;
}

function systemOf(ua: string): string | null {
  if (/\biPhone\b/.test(ua)) return "iPhone";
  if (/\biPad\b/.test(ua)) return "iPad";
  if (/\bAndroid\b/.test(ua)) return "Android";
  if (/\bCrOS\b/.test(ua)) return "Chromebook";
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return "Mac";
  if (/\bLinux\b/.test(ua)) return "Linux";
  return null;
}

/** What a User-Agent says of the device: the API client's name, or the browser and the system, each possibly unknown. */
type DeviceFacts = { client: string } | { browser: string | null; system: string | null };

function deviceFacts(userAgent: string | null | undefined): DeviceFacts {
  const ua = (userAgent ?? "").trim().slice(0, 512);
  if (!ua) return { browser: null, system: null };
  for (const [pattern, name] of API_CLIENTS) if (pattern.test(ua)) return { client: name };
  return { browser: browserOf(ua), system: systemOf(ua) };
}

/**
 * The device's key in known_devices (deviceHash): "Chrome on Android", "API client (curl)",
 * "Unknown device". Fixed English on purpose, so a device stays known whatever language its owner
 * reads; people read deviceName instead.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const facts = deviceFacts(userAgent);
  if ("client" in facts) return `API client (${facts.client})`;
  const { browser, system } = facts;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : "Unknown device");
}

/**
 * A person's name for the device a User-Agent describes ("Chrome on Android", "Safari on iPhone",
 * "API client (curl)"), in the reader's language. Browser, system and client names are names, not words.
 */
export function deviceName(userAgent: string | null | undefined): MessageRef {
  const facts = deviceFacts(userAgent);
  if ("client" in facts) return msg("devices.apiClient", { client: facts.client });
  const { browser, system } = facts;
  if (browser && system) return msg("devices.browserOn", { browser, system });
  if (browser) return msg("devices.browser", { browser });
  return system ? msg("devices.browserOn", { browser: msg("devices.aBrowser"), system }) : msg("devices.unknown");
}

/** Loopback, private (RFC 1918), link-local and carrier-grade NAT IPv4 ranges: nothing says where they are. */
function isLocalV4(parts: number[]): boolean {
  const [a, b] = parts;
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127) || a === 0;
}

function v4Parts(text: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/**
 * What the client address alone says about the place: "Local network" for loopback and private
 * ranges, else the address with its last part hidden ("41.66.12.x"; IPv6 keeps its first four
 * groups, "2c0f:2a80:10:5::x"). Anything unreadable is "Unknown".
 */
export function ipHint(ip: string | null | undefined): string {
  const place = placeOf(ip);
  return place === "local" ? "Local network" : (place ?? "Unknown");
}

/** ipHint in the reader's language. */
export function placeName(ip: string | null | undefined): MessageRef {
  const place = placeOf(ip);
  return place === "local" ? msg("devices.localNetwork") : place ? msg("devices.address", { address: place }) : msg("devices.unknownPlace");
}

/** The hidden address ("41.66.12.x"), "local" for loopback and private ranges, or null when unreadable. */
function placeOf(ip: string | null | undefined): string | null {
  let text = (ip ?? "").trim().toLowerCase();
  if (!text || text === "unknown") return null;
  // An IPv4 address as Node reports it on a dual-stack socket.
  if (text.startsWith("::ffff:") && v4Parts(text.slice(7))) text = text.slice(7);
  const v4 = v4Parts(text);
  if (v4) return isLocalV4(v4) ? "local" : `${v4.slice(0, 3).join(".")}.x`;
  if (!/^[0-9a-f:]+$/.test(text) || !text.includes(":")) return null;
  // Loopback, unique local (fc00::/7) and link-local (fe80::/10).
  if (text === "::1" || /^f[cd][0-9a-f]{0,2}:/.test(text) || /^fe[89ab][0-9a-f]?:/.test(text)) return "local";
  const groups = text.split("::")[0].split(":").filter(Boolean).slice(0, 4);
  return groups.length ? `${groups.join(":")}::x` : null;
}

export type SessionKind = "browser" | "api";
/** A session or API token as its owner sees it (listSessions): a device and a place hint, never the token. */
export type SessionView = { id: number; kind: SessionKind; device: string; ipHint: string; deviceName: MessageRef; placeName: MessageRef; createdAt: string; lastSeenAt: string; current: boolean };
