// Every limit that a form's zod rule checks and its inputs' HTML attributes also show. This module is
// safe for the browser: the zod rules live in app/forms/*.server.ts, which Remix keeps out of client
// bundles (a page component that imported zod rules once pulled about 94 KB gzipped into the login
// and register pages, past the 120 KB JavaScript budget, docs/rules.md#weight-budgets).

// ---- account ----

/** Limits shared by the zod rules and the form inputs' HTML attributes. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** A full name's limit is the domain's (app/domain/names.ts): the USSD registration reads names by it too. */
export { NAME_MAX } from "~/domain/names";
export const EMAIL_MAX = 254;
/** A phone number as typed: "+233 (0)24 123 4567" and the like fit. */
export const PHONE_MAX = 20;

// ---- admin ----
/**
 * Admin form limits and defaults without zod, so admin components can set their inputs'
 * attributes from the same numbers the schemas check (and zod stays out of the browser bundle).
 */
export const FARM_NAME_MAX = 120;
/** The admin batch form's defaults (docs/rules.md#product-constants). */
export const BATCH_DEFAULTS = { product_type: "CHICKEN", unit_price: 50, target_units: 1000, feed_price: 6, mortality_rate: 0.07, expected_roi: 0.12 } as const;
/** A day's farm log: ranges a real house stays within, wide enough for bad days. */
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
/** A farm device's label (the admin's name for it, e.g. "House 1 sensor"). */
export const DEVICE_LABEL_MAX = 80;
/** Photos: JPEG or PNG, checked by their first bytes, at most 2 MB each. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 5;
/** Photos one daily log keeps, however many uploads add them. */
export const PHOTO_MAX_PER_LOG = 10;
export const CONTENT_LIMITS = { titleMax: 120, bodyMax: 50_000, faqQuestionMax: 300, faqAnswerMax: 2000, faqMax: 30 } as const;

// ---- contact ----
/** The contact form's limits. */
export const CONTACT_LIMITS = { name: 120, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

// ---- kyc ----
export const KYC_LIMITS = { legalName: 120, phone: 20, idNumber: 24 } as const;
/** Each KYC image (ID, selfie, proof of address): a phone photo fits. */
export const KYC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
