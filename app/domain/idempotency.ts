import { parseAmountToMinor } from "~/domain/money";

/**
 * What an idempotency key is tied to: the operation and its parameters, written the same way
 * however the client spelled them, so a retry matches and another request does not.
 */

/** JSON with every object's keys sorted and `undefined` fields left out: one request, one text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? "null";
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonical(v)));
  if (value instanceof Uint8Array) return [...value];
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((k) => record[k] !== undefined)
        .map((k) => [k, canonical(record[k])]),
    );
  }
  if (typeof value === "number") return Object.is(value, -0) ? 0 : Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** Trimmed text for a raw string input; other values as they are. */
export function textParam(input: unknown): unknown {
  return typeof input === "string" ? input.trim() : (input ?? null);
}

/**
 * An amount in cedis as the money rules read it, in pesewas: "100", "100.00" and 100 are one request.
 * Input the rules refuse stays as typed (wrapped, so it never equals a real amount) and fails in the call.
 */
export function amountParam(input: unknown): number | { unreadable: unknown } {
  const parsed = parseAmountToMinor(input);
  return parsed.ok ? parsed.minor : { unreadable: textParam(input) };
}

/** Units as the investing rules read them: "2", " 2 " and 2 are one request; anything else stays as typed. */
export function unitsParam(input: unknown): unknown {
  const text = textParam(typeof input === "number" ? String(input) : input);
  return typeof text === "string" && /^-?\d{1,15}(\.\d+)?$/.test(text) ? Number(text) : text;
}
