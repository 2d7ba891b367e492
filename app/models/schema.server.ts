import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Always stored lower-cased, so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  fullName: text("full_name").notNull(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/** Cookie sessions and bearer tokens: only the SHA-256 of the token is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = sqliteTable("password_resets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tokenHash: text("token_hash").notNull().unique(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: createdAt(),
});

export const farms = sqliteTable("farms", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  location: text("location").notNull().default(""),
  notes: text("notes").notNull().default(""),
  createdAt: createdAt(),
});

export const PRODUCT_TYPES = ["EGG", "CHICKEN"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const BATCH_STATUSES = ["OPEN", "ACTIVE", "CLOSED", "HARVESTED"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const batches = sqliteTable(
  "batches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    farmId: integer("farm_id")
      .notNull()
      .references(() => farms.id),
    productType: text("product_type", { enum: PRODUCT_TYPES }).notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    targetUnits: integer("target_units").notNull(),
    unitsPlaced: integer("units_placed").notNull().default(0),
    /** Fraction: monthly for eggs, per cycle for chicken. */
    expectedRoi: real("expected_roi").notNull(),
    status: text("status", { enum: BATCH_STATUSES }).notNull().default("OPEN"),
    /** Feed cost per kg in pesewas; null shows as TBD. */
    feedPriceMinor: integer("feed_price_minor"),
    /** Fraction of birds lost. */
    mortalityRate: real("mortality_rate").notNull().default(0),
    /** YYYY-MM-DD; set on activation when empty. */
    startDate: text("start_date"),
    createdAt: createdAt(),
  },
  (t) => [index("batches_type_status_idx").on(t.productType, t.status)],
);

/** Realised ROI points that the history charts draw. */
export const batchRoiHistory = sqliteTable(
  "batch_roi_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    date: text("date").notNull(),
    roiPercent: real("roi_percent").notNull(),
  },
  (t) => [index("batch_roi_history_batch_idx").on(t.batchId)],
);

/** Editable content pages such as How It Works. */
export const pages = sqliteTable("pages", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  bodyMd: text("body_md").notNull().default(""),
  /** JSON array of { question, answer }. */
  faqsJson: text("faqs_json").notNull().default("[]"),
  exampleUnitPriceMinor: integer("example_unit_price_minor"),
  exampleExpectedRoi: real("example_expected_roi"),
  updatedAt: createdAt(),
});

