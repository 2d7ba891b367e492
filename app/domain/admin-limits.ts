/**
 * Admin form limits and defaults without zod, so admin components can set their inputs'
 * attributes from the same numbers the schemas check (and zod stays out of the browser bundle).
 */
export const FARM_NAME_MAX = 120;

/** SPEC.md's admin batch defaults. */
export const BATCH_DEFAULTS = { product_type: "CHICKEN", unit_price: 50, target_units: 1000, feed_price: 6, mortality_rate: 0.07, expected_roi: 0.12 } as const;

/** SPEC.md section 9: the admin message fades after 4 seconds. */
export const ADMIN_MESSAGE_MS = 4000;

export const DELETE_BATCH_PROMPT = "Delete this batch?";
export const EXECUTE_PAYOUT_PROMPT = "Execute real payouts?";
export const CLOSE_BATCH_PROMPT = "Close this egg batch and return the principal?";

/** SPEC.md section 8's fallbacks, when the server has no detail to give. */
export const ADMIN_FALLBACK = {
  load: "Failed to load admin data.",
  farm: "Failed to create farm.",
  batch: "Failed to create batch.",
  delete: "Failed to delete batch.",
  activate: "Activation failed.",
  simulate: "Simulation failed.",
  execute: "Execution failed.",
  close: "Failed to close batch.",
  log: "Failed to save the daily log.",
  content: "Failed to save the page.",
} as const;

/** A day's farm log: ranges a real house stays within (DOMAIN.md), wide enough for bad days. */
export const FARM_LOG_LIMITS = {
  birdsMax: 1_000_000,
  feedKgMax: 100_000,
  weightKgMax: 10,
  temperatureMin: -10,
  temperatureMax: 60,
  humidityMax: 100,
  ammoniaMax: 500,
  notesMax: 2000,
  incidentMax: 1000,
} as const;

/** Photos: JPEG or PNG, checked by their first bytes, at most 2 MB each. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 5;
/** Photos one daily log keeps, however many uploads add them. */
export const PHOTO_MAX_PER_LOG = 10;

export const HOW_IT_WORKS_SLUG = "how-it-works";
export const CONTENT_LIMITS = { titleMax: 120, bodyMax: 50_000, faqQuestionMax: 300, faqAnswerMax: 2000, faqMax: 30 } as const;
