/** Money is integer pesewas (1 GHS = 100 pesewas) everywhere below the UI. */

export const MAX_AMOUNT_MINOR = 1_000_000_00; // GHS 1,000,000: the ceiling for one deposit or withdrawal

const ghs = new Intl.NumberFormat("en-GH", { style: "currency", currency: "GHS", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "GH₵1,234.50" style, for display. Zero is GH₵0.00 whatever its sign (a negated sum of nothing is -0). */
export function formatGhs(minor: number): string {
  return ghs.format(minor === 0 ? 0 : minor / 100);
}

/** "1234.50" (no symbol), for inputs and CSV. */
export function minorToDecimalString(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const grouped = new Intl.NumberFormat("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "1,234.50" (no symbol), for a sentence that names the currency itself ("Withdraw GHS {amount}?").
 * English and Twi group an amount alike (Intl's "ak" gives the same), so one format serves both.
 */
export function minorToGroupedString(minor: number): string {
  return grouped.format(minor === 0 ? 0 : minor / 100);
}

/** Cedis as a number with 2 decimals, for JSON. */
export function minorToCedis(minor: number): number {
  return Math.round(minor) / 100;
}

/**
 * A typed amount with its thousands separators taken out: "1,000.25" -> "1000.25". Commas anywhere
 * else ("1,0,0", or "10,50" meant as a decimal comma) give null: never guess what was meant.
 */
export function withoutThousandsSeparators(input: string): string | null {
  const text = input.trim();
  if (!text.includes(",")) return text;
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, "") : null;
}

export type AmountParse = { ok: true; minor: number } | { ok: false; reason: "empty" | "format" | "separators" | "decimals" | "non-positive" | "too-large" };

/**
 * Parses a user amount in cedis ("50", "50.5", "1,000.25", 50) into pesewas without floats:
 * at most 2 decimals, positive, at most `max` (MAX_AMOUNT_MINOR unless a rule checks it later).
 * A well-formed amount of any length is read: one past what a number holds to the pesewa
 * (Number.MAX_SAFE_INTEGER) is more than any limit or balance, "too-large" whatever `max` says,
 * never a rounded number.
 */
export function parseAmountToMinor(input: unknown, max: number = MAX_AMOUNT_MINOR): AmountParse {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, reason: "format" };
    // From 1e21 String() writes an exponent; such a number is a whole one, written out by BigInt.
    input = Math.abs(input) >= 1e21 ? BigInt(input).toString() : String(input);
  }
  if (typeof input !== "string") return { ok: false, reason: input == null ? "empty" : "format" };
  if (input.trim() === "") return { ok: false, reason: "empty" };
  const text = withoutThousandsSeparators(input);
  if (text === null) return { ok: false, reason: "separators" };
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, reason: "format" };
  const [, sign, whole, frac = ""] = match;
  if (frac.length > 2) return { ok: false, reason: "decimals" };
  if (sign === "-") return { ok: false, reason: "non-positive" };
  // More whole cedis than a safe integer has digits: too large, without reading a megabyte of them.
  if (whole.replace(/^0+/, "").length > String(Number.MAX_SAFE_INTEGER).length) return { ok: false, reason: "too-large" };
  const minor = BigInt(whole) * 100n + BigInt(frac.padEnd(2, "0"));
  if (minor <= 0n) return { ok: false, reason: "non-positive" };
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || Number(minor) > max) return { ok: false, reason: "too-large" };
  return { ok: true, minor: Number(minor) };
}

const RATE_SCALE = 1_000_000_000n;

/** round_half_up(amountMinor x rate), exact: the rate is taken to 9 decimal places. */
export function applyRate(amountMinor: number, rate: number): number {
  const scaledRate = BigInt(Math.round(rate * Number(RATE_SCALE)));
  const product = BigInt(amountMinor) * scaledRate;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + RATE_SCALE / 2n) / RATE_SCALE;
  return Number(negative ? -rounded : rounded);
}

/**
 * Splits `totalMinor` (>= 0) in proportion to `weights` so the parts sum to it exactly: each part is
 * floored, and the pesewas left go one each to the largest remainders (ties: the earlier weight).
 */
export function splitByWeight(totalMinor: number, weights: number[]): number[] {
  const sumWeights = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (sumWeights === 0n) return weights.map(() => 0);
  const total = BigInt(totalMinor);
  const parts = weights.map((w) => (total * BigInt(w)) / sumWeights);
  const remainders = weights.map((w) => (total * BigInt(w)) % sumWeights);
  let left = Number(total - parts.reduce((s, p) => s + p, 0n));
  const order = weights.map((_, i) => i).sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b));
  for (const i of order) {
    if (left === 0) break;
    parts[i] += 1n;
    left -= 1;
  }
  return parts.map(Number);
}
