/** Shared vocabulary of the domain (mirrors the database enums without importing server code). */
export const PRODUCT_TYPES = ["EGG", "CHICKEN"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const BATCH_STATUSES = ["OPEN", "ACTIVE", "CLOSED", "HARVESTED"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const INVESTMENT_STATUSES = ["ACTIVE", "PAID", "EXITED"] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];
