import { sql } from "drizzle-orm";
import { LANGUAGES } from "~/catalog/languages";
import { KYC_TIERS } from "~/domain/kyc";
import { BATCH_STATUSES, INVESTMENT_STATUSES, PRODUCT_TYPES } from "~/domain/types";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** An ISO-8601 UTC timestamp column that defaults to now. */
const timestamp = (name: string) =>
  text(name)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const createdAt = () => timestamp("created_at");

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /**
   * Always stored lower-cased, so uniqueness is case-insensitive. Null for an account registered by
   * phone (issue 31) until its owner adds one; SQLite's unique index lets any number of rows be null.
   */
  email: text("email").unique(),
  fullName: text("full_name").notNull(),
  /** scrypt (app/lib/password.server.ts); null for an account registered by phone until a password is set. */
  passwordHash: text("password_hash"),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  /** Optional, always in +233 form (normalizeGhanaPhone). */
  phone: text("phone"),
  /**
   * Set when the investor closed the account: the row stays (the ledger's entries, investments and
   * payouts point at it) but the name, email, phone and password are gone (closeUserAccount).
   */
  closedAt: text("closed_at"),
  /** When the investor opened the email-confirmation link; until then only security mail goes there. */
  emailVerifiedAt: text("email_verified_at"),
  /** When the investor entered the SMS code sent to `phone`; cleared when the phone changes. */
  phoneVerifiedAt: text("phone_verified_at"),
  /** The language the person chose ("en", "ak"), which their emails and SMS are written in; null until they choose. */
  locale: text("locale"),
  /** Issue 17: the tier whose limits apply (app/domain/kyc.ts TIER_LIMITS); raised only by an approved submission. */
  kycTier: text("kyc_tier", { enum: KYC_TIERS }).notNull().default("REGISTERED"),
  /** Issue 20: the TOTP secret, sealed (AES-256-GCM, app/lib/kyc-crypto.server.ts), once two factors are on. */
  totpSecret: text("totp_secret"),
  /** A secret shown for enrolment, not yet confirmed by a first code. */
  totpPendingSecret: text("totp_pending_secret"),
  totpEnabledAt: text("totp_enabled_at"),
  /** The last 30-second step a code was accepted for: a code is accepted once. */
  totpLastStep: integer("totp_last_step"),
  /** Issue 31: the 4-6 digit PIN that confirms USSD money actions and a sign-in by phone, hashed as passwords are (scrypt); null until set. */
  pinHash: text("pin_hash"),
  /** PIN checks counted since the last right one (app/models/pin.server.ts); at PIN_TRIES wrong ones the PIN locks. */
  pinFailures: integer("pin_failures").notNull().default(0),
  /** Until when a locked PIN refuses every check, right or wrong (ISO); null or past when open. */
  pinLockedUntil: text("pin_locked_until"),
  createdAt: createdAt(),
});

/** Issue 20: single-use recovery codes for two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Issue 20: the devices (user agent family, hashed) each user has signed in from, to tell a new one. */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const APPROVAL_STATUSES = ["PENDING", "APPROVED", "REJECTED", "EXPIRED", "FAILED"] as const;

/**
 * Issue 20, four eyes: a guarded admin action (a payout run, a close, a delete with history, a
 * reserve draw, a large withdrawal, a role change) waits here until a second admin approves it.
 */
export const approvals = sqliteTable(
  "approvals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What is asked, e.g. payout.execute; `params` its JSON arguments. */
    action: text("action").notNull(),
    params: text("params").notNull().default("{}"),
    /** What the admins read, e.g. "Execute the 2026-11 payout run of Batch #4": English, for rows written before summaryId (empty since). */
    summary: text("summary").notNull(),
    /** The summary as a catalog id and its parameters (JSON), rendered in the reader's language. */
    summaryId: text("summary_id"),
    summaryParams: text("summary_params"),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull().default("PENDING"),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: text("decided_at"),
    reason: text("reason"),
    /** The action's answer once approved and run (JSON), or why it failed. */
    result: text("result"),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("approvals_status_idx").on(t.status)],
);

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
    /** Issue 20: "browser" (the cookie) or "api" (a bearer token from /api/v1/auth/login). */
    kind: text("kind", { enum: ["browser", "api"] })
      .notNull()
      .default("browser"),
    userAgent: text("user_agent"),
    /** The client address it was last used from (never shown whole to others; no geolocation service). */
    ip: text("ip"),
    lastSeenAt: text("last_seen_at"),
    /**
     * Issue 26: when this session passed the second factor (a code at sign-in, or the first code that
     * turned two factors on in it); null for one signed in with the password alone. Two factors
     * belong to the session: an admin's session without it does no admin work.
     */
    secondFactorAt: text("second_factor_at"),
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
  /** SHA-256 of the 6-digit code sent by SMS with this reset (only to a confirmed phone); null when none was sent. */
  codeHash: text("code_hash"),
  /** Wrong codes entered against this reset; at 5 the code is spent (the emailed link still works). */
  codeTries: integer("code_tries").notNull().default(0),
  createdAt: createdAt(),
});

export const farms = sqliteTable("farms", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  location: text("location").notNull().default(""),
  notes: text("notes").notNull().default(""),
  createdAt: createdAt(),
});

export type { BatchStatus, InvestmentStatus, ProductType } from "~/domain/types";

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
    /** When the batch was HARVESTED or CLOSED. */
    endedAt: text("ended_at"),
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

/**
 * Editable content pages such as How It Works, one row per page and language an admin wrote it in
 * (app/catalog/languages.ts): a reader in a language without a row reads the catalog's words. Rows
 * stored before pages had languages are English (the default). The examples are the page's, the
 * same on every row of a slug.
 */
export const pages = sqliteTable(
  "pages",
  {
    slug: text("slug").notNull(),
    locale: text("locale", { enum: LANGUAGES }).notNull().default("en"),
    title: text("title").notNull(),
    bodyMd: text("body_md").notNull().default(""),
    /** JSON array of { question, answer }. */
    faqsJson: text("faqs_json").notNull().default("[]"),
    exampleUnitPriceMinor: integer("example_unit_price_minor"),
    exampleExpectedRoi: real("example_expected_roi"),
    /** When this language's words were last saved. */
    updatedAt: timestamp("updated_at"),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);

// ---------------------------------------------------------------------------
// Ledger: double entry, integer pesewas. Balances are the sum of postings;
// accounts.balance_minor caches it and the invariant check proves they agree.

/**
 * PAYOUTS_PENDING: withdrawals sent to the provider and not yet confirmed (money in flight, issue 15).
 * FARM (per batch): the capital deployed to the farm at activation; it records what was sent, never
 * cash we hold. SETTLEMENT (per batch): what the farm remitted (and any reserve draw) held for the
 * batch's investors until a payout run pays it. PLATFORM_RESERVE: the platform's reserve, funded from
 * fees or from outside, drawn only by an explicit admin choice. TAX_WITHHELD: withholding tax on
 * investors' income, owed to the tax authority (issue 18).
 */
export const ACCOUNT_KINDS = ["WALLET", "ESCROW", "FARM", "PLATFORM_FEES", "EXTERNAL", "PAYOUTS_PENDING", "SETTLEMENT", "PLATFORM_RESERVE", "TAX_WITHHELD"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const accounts = sqliteTable(
  "accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    userId: integer("user_id").references(() => users.id),
    batchId: integer("batch_id").references(() => batches.id),
    balanceMinor: integer("balance_minor").notNull().default(0),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [uniqueIndex("accounts_owner_idx").on(t.kind, t.userId, t.batchId), check("wallet_never_negative", sql`${t.kind} <> 'WALLET' OR ${t.balanceMinor} >= 0`)],
);

export const ENTRY_KINDS = [
  "DEPOSIT",
  "WITHDRAW",
  "INVEST",
  "ACTIVATE",
  "PAYOUT",
  "HARVEST",
  "CLOSE",
  "EXIT_FILL",
  "REVERSAL",
  "REMITTANCE",
  "RESERVE_FUND",
  "RESERVE_DRAW",
  "TAX_PAYMENT",
  "SURPLUS_RETURN",
  "SURPLUS_TO_RESERVE",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const journalEntries = sqliteTable(
  "journal_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ENTRY_KINDS }).notNull(),
    /** What the entry was, in English: entries written before memoId (empty since). */
    memo: text("memo").notNull().default(""),
    /** What the entry was, as a catalog id and its parameters (JSON), rendered when the statement is read. */
    memoId: text("memo_id"),
    memoParams: text("memo_params"),
    userId: integer("user_id").references(() => users.id),
    batchId: integer("batch_id").references(() => batches.id),
    /** The reference an outside party knows this movement by (a provider's transaction, our own payment reference). */
    externalRef: text("external_ref"),
    /** Set on a REVERSAL: the entry it undoes (each entry can be undone once). */
    reversesEntryId: integer("reverses_entry_id").references((): AnySQLiteColumn => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("journal_entries_batch_idx").on(t.batchId),
    index("journal_entries_external_ref_idx").on(t.externalRef),
    // Partial: only reversals are in it, so the entries that reverse nothing (nearly all) write no page of it.
    uniqueIndex("journal_entries_reversal_once_idx")
      .on(t.reversesEntryId)
      .where(sql`${t.reversesEntryId} is not null`),
  ],
);

export const postings = sqliteTable(
  "postings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Positive: money into the account; negative: out of it. */
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [index("postings_account_idx").on(t.accountId, t.entryId), index("postings_entry_idx").on(t.entryId)],
);

export const investments = sqliteTable(
  "investments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    /** Units bought. */
    units: integer("units").notNull(),
    /** Units still held (less any sold through early exit). */
    unitsHeld: integer("units_held").notNull(),
    /** What was paid: units x unit price at purchase. */
    amountMinor: integer("amount_minor").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    status: text("status", { enum: INVESTMENT_STATUSES }).notNull().default("ACTIVE"),
    autoReinvest: integer("auto_reinvest", { mode: "boolean" }).notNull().default(false),
    /** Set when this holding was bought from another investor's early exit. */
    boughtFromExitId: integer("bought_from_exit_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("investments_user_idx").on(t.userId, t.createdAt),
    index("investments_batch_idx").on(t.batchId, t.status),
    check("units_held_in_range", sql`${t.unitsHeld} >= 0 AND ${t.unitsHeld} <= ${t.units}`),
  ],
);

export const PAYOUT_KINDS = ["MONTHLY", "HARVEST", "PRINCIPAL", "EXIT"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** One row per batch payout run; the unique index makes a period payable once. */
export const payoutRuns = sqliteTable(
  "payout_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    kind: text("kind", { enum: PAYOUT_KINDS }).notNull(),
    /** YYYY-MM for monthly egg payouts; 'HARVEST' or 'CLOSE' for the one-off runs. */
    period: text("period").notNull(),
    totalMinor: integer("total_minor").notNull(),
    count: integer("count").notNull(),
    /** What the platform's reserve put in so the run could pay (its RESERVE_DRAW entry is in the same transaction). */
    reserveDrawMinor: integer("reserve_draw_minor").notNull().default(0),
    /** Withholding tax kept back from the run's income (totalMinor is gross). */
    taxWithheldMinor: integer("tax_withheld_minor").notNull().default(0),
    entryId: integer("entry_id").references(() => journalEntries.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payout_runs_once_idx").on(t.batchId, t.period)],
);

export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investmentId: integer("investment_id")
      .notNull()
      .references(() => investments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    runId: integer("run_id").references(() => payoutRuns.id),
    entryId: integer("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    kind: text("kind", { enum: PAYOUT_KINDS }).notNull(),
    period: text("period"),
    /** EXIT: the units sold in this fill (what holdings at a record date are rebuilt from). */
    units: integer("units"),
    /** Gross (the API's `amount`, docs/rules.md#tax); the wallet received amountMinor - taxWithheldMinor. */
    amountMinor: integer("amount_minor").notNull(),
    /** Withholding tax on the income part (never on principal or exit proceeds). */
    taxWithheldMinor: integer("tax_withheld_minor").notNull().default(0),
    /** The income part of the gross, which the tax was taken from (a month's income; a harvest's return; 0 for principal and exits). */
    taxableMinor: integer("taxable_minor").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("payouts_investment_idx").on(t.investmentId), index("payouts_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Issue 18: withheld tax paid over to the tax authority (GRA) for a month, out of TAX_WITHHELD by its
 * TAX_PAYMENT entry (TAX_WITHHELD -> EXTERNAL). Append-only, audited.
 */
export const taxPayments = sqliteTable(
  "tax_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** YYYY-MM: the month whose withholding this pays. */
    period: text("period").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** The authority's receipt or payment reference. */
    reference: text("reference").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("tax_payments_period_idx").on(t.period)],
);

/**
 * A sum the farm sent for a batch and period (YYYY-MM, HARVEST or CLOSE), with its settlement sheet.
 * Its REMITTANCE entry (EXTERNAL -> the batch's SETTLEMENT) is `entryId`; the sheet's figures are as
 * the farm reported them (null: not given). Money in pesewas; weights in kg.
 */
export const remittances = sqliteTable(
  "remittances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    period: text("period").notNull(),
    /** The net remitted: what reached the settlement account. */
    amountMinor: integer("amount_minor").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    cratesSold: integer("crates_sold"),
    pricePerCrateMinor: integer("price_per_crate_minor"),
    birdsSold: integer("birds_sold"),
    liveWeightKg: real("live_weight_kg"),
    pricePerKgMinor: integer("price_per_kg_minor"),
    revenueMinor: integer("revenue_minor"),
    feedCostMinor: integer("feed_cost_minor"),
    vetCostMinor: integer("vet_cost_minor"),
    otherCostsMinor: integer("other_costs_minor"),
    farmShareMinor: integer("farm_share_minor"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("remittances_batch_idx").on(t.batchId, t.period)],
);

export const EXIT_STATUSES = ["PENDING", "FILLED", "CANCELLED"] as const;
export type ExitStatus = (typeof EXIT_STATUSES)[number];

export const exitRequests = sqliteTable(
  "exit_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investmentId: integer("investment_id")
      .notNull()
      .references(() => investments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    units: integer("units").notNull(),
    unitsRemaining: integer("units_remaining").notNull(),
    feeRate: real("fee_rate").notNull(),
    /**
     * The offer this request is part of: the id of the first request made for the same units typed
     * (one offer is one request per holding it takes units from); null on that first one. The fee
     * is the offer's, shared over its fills (exitFillProceeds).
     */
    offerId: integer("offer_id"),
    status: text("status", { enum: EXIT_STATUSES }).notNull().default("PENDING"),
    createdAt: createdAt(),
    closedAt: text("closed_at"),
  },
  (t) => [index("exit_requests_batch_idx").on(t.batchId, t.status, t.id), index("exit_requests_user_idx").on(t.userId)],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    /** The English sentence of a notice written before notices had an id (empty since): read only when messageId is null. */
    message: text("message").notNull(),
    /** The notice's catalog id and its parameters (JSON), rendered in the reader's language when read. */
    messageId: text("message_id"),
    messageParams: text("message_params"),
    readAt: text("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export const WITHDRAWAL_METHODS = ["MOMO", "BANK"] as const;
export const WITHDRAWAL_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REVERSED"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Where each withdrawal went and where it stands (the ledger entries hold the money side).
 * A request moves WALLET -> PAYOUTS_PENDING (`entryId`); the provider's success moves
 * PAYOUTS_PENDING -> EXTERNAL (`settledEntryId`); a failure or reversal undoes them with REVERSAL
 * entries (`returnedEntryId`). With a provider that pays at once the row is SUCCEEDED in one step.
 */
export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    entryId: integer("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    amountMinor: integer("amount_minor").notNull(),
    method: text("method", { enum: WITHDRAWAL_METHODS }).notNull(),
    /** MTN MoMo, Telecel Cash, AT Money, or the bank's name. */
    provider: text("provider").notNull(),
    /** Mobile number or bank account number. */
    accountNumber: text("account_number").notNull(),
    /** Rows from before providers were connected were paid at once: SUCCEEDED. */
    status: text("status", { enum: WITHDRAWAL_STATUSES }).notNull().default("SUCCEEDED"),
    /** Our transfer reference (akoko-withdrawal-000042), reused on every retry; null on old rows. */
    reference: text("reference").unique(),
    destinationId: integer("destination_id").references(() => paymentDestinations.id),
    transferCode: text("transfer_code"),
    /** The wallet balance right after the request, so a replayed request answers what the first did. */
    balanceAfterMinor: integer("balance_after_minor"),
    settledEntryId: integer("settled_entry_id").references(() => journalEntries.id),
    returnedEntryId: integer("returned_entry_id").references(() => journalEntries.id),
    /** Our words for the investor when it failed or came back: English, for rows written before failureMessageId. */
    failureMessage: text("failure_message"),
    /** The same as a catalog id and its parameters (JSON), rendered in the reader's language. */
    failureMessageId: text("failure_message_id"),
    failureMessageParams: text("failure_message_params"),
    /** Set when the provider's word disagrees with ours (amount, currency): a person must look. English for rows written before flagId ('' since). */
    flag: text("flag"),
    /** Why it is flagged, as a catalog id and its parameters (JSON), rendered when read. */
    flagId: text("flag_id"),
    flagParams: text("flag_params"),
    checkedAt: text("checked_at"),
    updatedAt: text("updated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("withdrawals_user_idx").on(t.userId), index("withdrawals_status_idx").on(t.status, t.createdAt)],
);

export const DESTINATION_KINDS = ["mobile_money", "bank"] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/**
 * An investor's saved payout destination and the provider's transfer recipient for it. Removing one
 * only hides it (`removedAt`): withdrawals already sent still point at it.
 */
export const paymentDestinations = sqliteTable(
  "payment_destinations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: DESTINATION_KINDS }).notNull(),
    /** MTN, TELECEL or AT for mobile money. */
    network: text("network"),
    /** The provider's bank code for a bank account. */
    bankCode: text("bank_code"),
    /** What the investor reads: MTN MoMo, or the bank's name. */
    label: text("label").notNull(),
    /** +233 form for mobile money; the account number for a bank. */
    accountNumber: text("account_number").notNull(),
    /** The account holder's name as the investor gave it. */
    name: text("name").notNull(),
    recipientCode: text("recipient_code").notNull(),
    removedAt: text("removed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("payment_destinations_user_idx").on(t.userId)],
);

export const DEPOSIT_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "ABANDONED", "REFUNDED"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_METHODS = ["mobile_money", "checkout"] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_NEXT_ACTIONS = ["approve_on_phone", "enter_otp", "redirect"] as const;
/**
 * Where the provider's refund of a REFUNDED deposit stands: TO_SEND (not yet asked, or asked without
 * an answer), SENDING (one process is asking now), PENDING (queued at the provider), PROCESSED, FAILED
 * (the provider refused or failed it: a person refunds it by hand, and the deposit is flagged).
 */
export const REFUND_STATUSES = ["TO_SEND", "SENDING", "PENDING", "PROCESSED", "FAILED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type DepositNextAction = (typeof DEPOSIT_NEXT_ACTIONS)[number];

/**
 * A deposit from its request to the provider's word. Nothing is credited until the provider
 * confirms (a signed webhook or our verify call); then one DEPOSIT entry EXTERNAL -> WALLET
 * (`entryId`) with our reference, exactly once.
 */
export const deposits = sqliteTable(
  "deposits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Ours (akoko-deposit-000042): what the provider knows the charge by. */
    reference: text("reference").notNull().unique(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("GHS"),
    method: text("method", { enum: DEPOSIT_METHODS }).notNull(),
    network: text("network"),
    /** Only the last digits, for display: the full number went to the provider and nowhere else. */
    phoneHint: text("phone_hint"),
    status: text("status", { enum: DEPOSIT_STATUSES }).notNull().default("PENDING"),
    nextAction: text("next_action", { enum: DEPOSIT_NEXT_ACTIONS }),
    authorizationUrl: text("authorization_url"),
    /** Our words for the investor about the last step (never the provider's): English, for rows written before messageId. */
    message: text("message"),
    /** The same as a catalog id and its parameters (JSON), rendered in the reader's language. */
    messageId: text("message_id"),
    messageParams: text("message_params"),
    /** Set when the provider's amount or currency differs from ours: flagged, not credited. English for rows written before flagId ('' since). */
    flag: text("flag"),
    /** Why it is flagged, as a catalog id and its parameters (JSON), rendered when read. */
    flagId: text("flag_id"),
    flagParams: text("flag_params"),
    providerAmountMinor: integer("provider_amount_minor"),
    entryId: integer("entry_id").references(() => journalEntries.id),
    balanceAfterMinor: integer("balance_after_minor"),
    /** When we last asked the provider (verify), so a refreshing page does not ask every second. */
    checkedAt: text("checked_at"),
    /** A REFUNDED deposit's refund at the provider (money that arrived past a tier limit goes back). */
    refundStatus: text("refund_status", { enum: REFUND_STATUSES }),
    updatedAt: text("updated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("deposits_user_idx").on(t.userId, t.id), index("deposits_status_idx").on(t.status, t.createdAt)],
);

export const WEBHOOK_OUTCOMES = ["processed", "ignored", "unknown_reference", "mismatch"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Every signed webhook, stored once under the provider's event identity before it is acted on, in
 * the same transaction as what it changes: a replay finds its row and changes nothing.
 */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    reference: text("reference"),
    outcome: text("outcome", { enum: WEBHOOK_OUTCOMES }).notNull(),
    /** What came of it in English as written (rows before detail_id hold a result word, "credited"). */
    detail: text("detail").notNull().default(""),
    /** What came of it as a catalog id and its parameters (JSON), rendered in the reader's language; null for rows written before. */
    detailId: text("detail_id"),
    detailParams: text("detail_params"),
    /** The body as received (it is the provider's record; it never goes to a log). */
    payload: text("payload").notNull(),
    deliveries: integer("deliveries").notNull().default(1),
    receivedAt: text("received_at").notNull(),
  },
  (t) => [uniqueIndex("webhook_events_identity_idx").on(t.provider, t.eventId), index("webhook_events_received_idx").on(t.receivedAt)],
);

/**
 * Rate-limit windows, shared by every worker process on this database (app/lib/rate-limit.server.ts
 * writes them through a connection of its own). `reset_at` in epoch milliseconds.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: integer("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/** A repeated submission with the same key returns the stored answer and changes nothing. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    /** SHA-256 of the operation and its parameters: the same key on a different request is refused. */
    fingerprint: text("fingerprint").notNull().default(""),
    status: integer("status").notNull(),
    responseJson: text("response_json").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").references(() => users.id),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** A farm's daily log for one batch: what investors see as the truth about their birds. */
export const farmLogs = sqliteTable(
  "farm_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    /** YYYY-MM-DD */
    logDate: text("log_date").notNull(),
    birdsAlive: integer("birds_alive").notNull(),
    deaths: integer("deaths").notNull().default(0),
    feedKg: real("feed_kg").notNull(),
    /** Egg batches. */
    eggsCollected: integer("eggs_collected"),
    /** Chicken batches: average live weight in kg. */
    avgWeightKg: real("avg_weight_kg"),
    temperatureC: real("temperature_c"),
    humidityPct: real("humidity_pct"),
    ammoniaPpm: real("ammonia_ppm"),
    notes: text("notes").notNull().default(""),
    incident: integer("incident", { mode: "boolean" }).notNull().default(false),
    incidentDescription: text("incident_description").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("farm_logs_batch_day_idx").on(t.batchId, t.logDate)],
);

export const farmLogPhotos = sqliteTable(
  "farm_log_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    logId: integer("log_id")
      .notNull()
      .references(() => farmLogs.id),
    /** Random file name under the uploads folder; never the user's name for it. */
    fileName: text("file_name").notNull().unique(),
    contentType: text("content_type", { enum: ["image/jpeg", "image/png"] }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("farm_log_photos_log_idx").on(t.logId)],
);

/**
 * A farm's sensor device for one batch (issue 29): it posts readings with a bearer token an admin
 * issued. Only the token's SHA-256 is kept; the token itself is shown once. A revoked device's
 * token is refused from then on; its readings stay.
 */
export const farmDevices = sqliteTable(
  "farm_devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    label: text("label").notNull(),
    /** Hex SHA-256 of the token (`akd_` + 32 random bytes, base64url). */
    tokenHash: text("token_hash").notNull().unique(),
    issuedBy: integer("issued_by").references(() => users.id),
    issuedAt: timestamp("issued_at"),
    revokedBy: integer("revoked_by").references(() => users.id),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("farm_devices_batch_idx").on(t.batchId)],
);

/** What a device measured in the house, when (its clock, UTC) and when the server received it. */
export const farmReadings = sqliteTable(
  "farm_readings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => farmDevices.id),
    batchId: integer("batch_id")
      .notNull()
      .references(() => batches.id),
    /** ISO-8601 UTC (toISOString), so the same instant written two ways is one reading. */
    recordedAt: text("recorded_at").notNull(),
    temperatureC: real("temperature_c").notNull(),
    humidityPct: real("humidity_pct").notNull(),
    ammoniaPpm: real("ammonia_ppm").notNull(),
    receivedAt: timestamp("received_at"),
  },
  // A device resending a reading (after being offline) stores it once.
  (t) => [uniqueIndex("farm_readings_device_time_idx").on(t.deviceId, t.recordedAt), index("farm_readings_batch_time_idx").on(t.batchId, t.recordedAt)],
);

/** Admin actions: append-only (triggers refuse UPDATE and DELETE). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => users.id),
    action: text("action").notNull(),
    batchId: integer("batch_id"),
    farmId: integer("farm_id"),
    /** The detail in English, as written: the record an operator reads in the database. */
    detail: text("detail").notNull().default(""),
    /** The detail as a catalog id and its parameters (JSON), rendered in the reader's language; null on rows written before. */
    detailId: text("detail_id"),
    detailParams: text("detail_params"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Messages that leave the app (issue 16): an outbox written in the transaction of its cause, a
// worker that delivers it, the contacts a user has confirmed and what they want to receive.

export const OUTBOX_CHANNELS = ["EMAIL", "SMS"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/**
 * queued: waiting (or waiting for its next try at next_attempt_at); sending: claimed by a worker
 * under a lease; sent; failed: out of tries, refused for good, or its worker stopped mid-send (it
 * may have arrived, so it is never re-sent by itself: an admin's Retry puts it back in the queue).
 */
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    /** What caused it: PAYOUT, EXIT_FILLED, PASSWORD_RESET, EMAIL_CONFIRM, ... */
    kind: text("kind").notNull(),
    /** The preference it belongs to (app/domain/notices.ts); "security" cannot be turned off. */
    category: text("category").notNull(),
    /** An email address, or a phone in +233 form. */
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /**
     * What the message says, as a catalog id and its parameters (JSON): the notice it carries, or the
     * security mail it is. The subject and bodies above are its rendering in the recipient's language
     * when it was queued, kept as sent (docs/messages.md).
     */
    messageId: text("message_id"),
    messageParams: text("message_params"),
    /** One-click unsubscribe address (notices only; never on security mail). */
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** The worker holding it while status = 'sending', and until when. */
    leaseOwner: text("lease_owner"),
    leaseUntil: text("lease_until"),
    /** Why the last try failed: the provider's own words, or our English as written. */
    lastError: text("last_error"),
    /** Our reason as a catalog id and its parameters (JSON), rendered in the reader's language; null for a provider's words and rows written before. */
    lastErrorId: text("last_error_id"),
    lastErrorParams: text("last_error_params"),
    /** The provider's id for it (SMTP Message-ID, the SMS provider's messageId). */
    providerRef: text("provider_ref"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt), index("outbox_user_idx").on(t.userId, t.id)],
);

/** Every delivery attempt: started when claimed, finished when the provider answered (or never, if the worker died). */
export const outboxAttempts = sqliteTable(
  "outbox_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    outboxId: integer("outbox_id")
      .notNull()
      .references(() => outbox.id),
    attempt: integer("attempt").notNull(),
    worker: text("worker").notNull(),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    /** sent, error (will retry), refused (permanent), lost (the worker stopped before it knew) */
    outcome: text("outcome"),
    error: text("error"),
  },
  (t) => [index("outbox_attempts_outbox_idx").on(t.outboxId)],
);

/** What a texted code is for: confirming the phone on the account page, or signing in with the phone number (issue 31). */
export const CONFIRMATION_PURPOSES = ["CONFIRM", "SIGN_IN"] as const;
export type ConfirmationPurpose = (typeof CONFIRMATION_PURPOSES)[number];

/**
 * A pending confirmation of an email address (a link, 24 hours) or a phone (a 6-digit code, 10 minutes,
 * 5 tries); a sign-in code for the phone number is the same code kept apart by its purpose.
 */
export const contactConfirmations = sqliteTable(
  "contact_confirmations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    /** The address being confirmed: a change of address makes the confirmation worthless. */
    address: text("address").notNull(),
    /** SHA-256 of the emailed token or of the texted code. */
    secretHash: text("secret_hash").notNull(),
    purpose: text("purpose", { enum: CONFIRMATION_PURPOSES }).notNull().default("CONFIRM"),
    tries: integer("tries").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_confirmations_user_idx").on(t.userId, t.channel), index("contact_confirmations_secret_idx").on(t.secretHash)],
);

/** What a user turned off; no row means on. Security messages have no row here: they cannot be turned off. */
export const messagePreferences = sqliteTable(
  "message_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.channel] })],
);

export const KYC_SUBMISSION_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export const KYC_ID_TYPES = ["GHANA_CARD", "PASSPORT"] as const;

/**
 * Identity submissions (issue 17). The ID number is never stored in clear: AES-256-GCM with
 * KYC_ENCRYPTION_KEY (app/lib/kyc-crypto.server.ts), as iv, tag and ciphertext (base64), plus its
 * last 4 characters for display. Images are file names inside the private KYC folder, never a URL.
 */
export const kycSubmissions = sqliteTable(
  "kyc_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: KYC_SUBMISSION_STATUSES }).notNull().default("PENDING"),
    tierRequested: text("tier_requested", { enum: KYC_TIERS }).notNull(),
    legalName: text("legal_name").notNull(),
    /** YYYY-MM-DD. */
    dateOfBirth: text("date_of_birth").notNull(),
    idType: text("id_type", { enum: KYC_ID_TYPES }).notNull(),
    idNumberIv: text("id_number_iv").notNull(),
    idNumberTag: text("id_number_tag").notNull(),
    idNumberCiphertext: text("id_number_ciphertext").notNull(),
    idNumberLast4: text("id_number_last4").notNull(),
    idFrontFile: text("id_front_file"),
    selfieFile: text("selfie_file"),
    proofOfAddressFile: text("proof_of_address_file"),
    /** Why it was rejected (the investor reads it), or a note on approval. */
    decisionReason: text("decision_reason"),
    /** A note of ours on the decision as a catalog id and its parameters (JSON), read in the reader's language; null when an admin or a verifier wrote the reason. */
    decisionReasonId: text("decision_reason_id"),
    decisionReasonParams: text("decision_reason_params"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: text("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("kyc_submissions_user_idx").on(t.userId),
    index("kyc_submissions_status_idx").on(t.status),
    check("kyc_submissions_decided", sql`(${t.status} = 'PENDING') = (${t.decidedAt} IS NULL)`),
  ],
);

/**
 * One row, rewritten by each readiness check (/readyz): a committed write proves the file takes
 * writes (a read-only file, a full disk or a lock held too long fail it), where only taking the
 * write lock would not reach the disk.
 */
export const readinessChecks = sqliteTable(
  "readiness_checks",
  {
    id: integer("id").primaryKey(),
    /** Epoch milliseconds of the latest check that wrote. */
    checkedAt: integer("checked_at").notNull(),
  },
  (t) => [check("readiness_checks_one_row", sql`${t.id} = 1`)],
);

/** The USSD gateways that call us (app/ussd/gateways.server.ts), each on its own path. */
export const USSD_GATEWAYS = ["africastalking", "hubtel"] as const;
export type UssdGateway = (typeof USSD_GATEWAYS)[number];

/**
 * Issue 31: one USSD session, as the gateway names it, kept here so that any worker process can
 * answer its next request. A session ends with an END screen, after 180 seconds without input, or
 * when the gateway says it was released or timed out; an ended row only answers its last screen
 * again. A request being answered is claimed (`claim`, until `claim_until`) so that the same
 * request arriving at two workers runs once. Rows are deleted a day after their last request.
 */
export const ussdSessions = sqliteTable(
  "ussd_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gateway: text("gateway", { enum: USSD_GATEWAYS }).notNull(),
    /** The gateway's own id for the session (Africa's Talking `sessionId`, Hubtel `SessionId`). */
    gatewaySessionId: text("gateway_session_id").notNull(),
    /** The number that dialled, in +233 form (as the gateway gave it when it is not a Ghana number). */
    phone: text("phone").notNull(),
    /** The account whose confirmed phone dialled, found when the session started; null for a number no account holds. */
    userId: integer("user_id").references(() => users.id),
    /** The language the screens are written in: the account's, else English. */
    language: text("language").notNull(),
    /** Where the caller is in the menus (app/ussd/state.ts), as JSON. */
    state: text("state").notNull(),
    /**
     * The last request answered, as an HMAC of its key (Africa's Talking's whole `text`, PINs included, or
     * Hubtel's `Sequence`): a request with the same key is a repeat.
     */
    lastRequest: text("last_request"),
    /** The screen given to it (JSON), given again to a repeat. */
    lastAnswer: text("last_answer"),
    /** The request being answered now (its key and a nonce), and until when the claim holds. */
    claim: text("claim"),
    claimUntil: text("claim_until"),
    endedAt: text("ended_at"),
    createdAt: createdAt(),
    /** When the last request was answered: the session times out 180 seconds after it. */
    updatedAt: timestamp("updated_at"),
  },
  (t) => [uniqueIndex("ussd_sessions_gateway_session_idx").on(t.gateway, t.gatewaySessionId), index("ussd_sessions_updated_idx").on(t.updatedAt)],
);
