import { databaseEngine } from "~/lib/database-url.server";
import * as pg from "./schema.pg.server";
import * as lite from "./schema.sqlite.server";

/**
 * The tables the app queries, on the engine DATABASE_URL names: SQLite's (the default, described in
 * schema.sqlite.server.ts, with the constants and types) or their PostgreSQL twins
 * (schema.pg.server.ts). The query code is one text for both; the tables keep SQLite's types.
 */
export * from "./schema.sqlite.server";

const onPostgres = databaseEngine() === "postgres";
const pick = <T>(sqliteTable: T, pgTable: unknown): T => (onPostgres ? (pgTable as T) : sqliteTable);

export const users = pick(lite.users, pg.users);
export const recoveryCodes = pick(lite.recoveryCodes, pg.recoveryCodes);
export const knownDevices = pick(lite.knownDevices, pg.knownDevices);
export const approvals = pick(lite.approvals, pg.approvals);
export const sessions = pick(lite.sessions, pg.sessions);
export const passwordResets = pick(lite.passwordResets, pg.passwordResets);
export const farms = pick(lite.farms, pg.farms);
export const batches = pick(lite.batches, pg.batches);
export const batchRoiHistory = pick(lite.batchRoiHistory, pg.batchRoiHistory);
export const pages = pick(lite.pages, pg.pages);
export const accounts = pick(lite.accounts, pg.accounts);
export const journalEntries = pick(lite.journalEntries, pg.journalEntries);
export const postings = pick(lite.postings, pg.postings);
export const investments = pick(lite.investments, pg.investments);
export const payoutRuns = pick(lite.payoutRuns, pg.payoutRuns);
export const payouts = pick(lite.payouts, pg.payouts);
export const taxPayments = pick(lite.taxPayments, pg.taxPayments);
export const remittances = pick(lite.remittances, pg.remittances);
export const exitRequests = pick(lite.exitRequests, pg.exitRequests);
export const notifications = pick(lite.notifications, pg.notifications);
export const withdrawals = pick(lite.withdrawals, pg.withdrawals);
export const paymentDestinations = pick(lite.paymentDestinations, pg.paymentDestinations);
export const deposits = pick(lite.deposits, pg.deposits);
export const webhookEvents = pick(lite.webhookEvents, pg.webhookEvents);
export const rateLimits = pick(lite.rateLimits, pg.rateLimits);
export const idempotencyKeys = pick(lite.idempotencyKeys, pg.idempotencyKeys);
export const contactMessages = pick(lite.contactMessages, pg.contactMessages);
export const farmLogs = pick(lite.farmLogs, pg.farmLogs);
export const farmLogPhotos = pick(lite.farmLogPhotos, pg.farmLogPhotos);
export const farmDevices = pick(lite.farmDevices, pg.farmDevices);
export const farmReadings = pick(lite.farmReadings, pg.farmReadings);
export const auditLog = pick(lite.auditLog, pg.auditLog);
export const outbox = pick(lite.outbox, pg.outbox);
export const outboxAttempts = pick(lite.outboxAttempts, pg.outboxAttempts);
export const contactConfirmations = pick(lite.contactConfirmations, pg.contactConfirmations);
export const messagePreferences = pick(lite.messagePreferences, pg.messagePreferences);
export const kycSubmissions = pick(lite.kycSubmissions, pg.kycSubmissions);
export const readinessChecks = pick(lite.readinessChecks, pg.readinessChecks);
export const ussdSessions = pick(lite.ussdSessions, pg.ussdSessions);
