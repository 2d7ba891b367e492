/**
 * Calendar maths on ISO dates (YYYY-MM-DD) and periods (YYYY-MM), all in UTC. The one place month
 * and day arithmetic lives; rules pass today's date in from the clock.
 */

/** Real calendar days only: 2026-02-30 and 2026-13-01 are refused. */
export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A date read back from storage: a real calendar day, or null (a bad row never breaks a page). */
export function calendarDateOrNull(value: string | null | undefined): string | null {
  return isCalendarDate(value) ? value : null;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day `months` later, clamped to the month's last day (31 Jan + 1 month = 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** YYYY-MM-DD one calendar month after `date` (clamped to the month's last day). */
export const oneMonthAfter = (date: string) => addMonths(date, 1);

/** The last day (YYYY-MM-DD) of a YYYY-MM period. */
export function lastDayOfMonth(period: string): string {
  const [y, m] = period.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** A real YYYY-MM period (month 01-12). */
export function isPeriod(text: unknown): text is string {
  return typeof text === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
}

/** The period after a YYYY-MM period. */
export const nextPeriod = (period: string) => addMonths(`${period}-01`, 1).slice(0, 7);

/** The period before a YYYY-MM period. */
export const previousPeriod = (period: string) => addMonths(`${period}-01`, -1).slice(0, 7);

/** A moment as every page and message shows it: "2026-11-22 03:40 UTC" (Ghana's time all year). */
export const formatInstant = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
