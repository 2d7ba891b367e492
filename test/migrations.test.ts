/**
 * Migrations keep what they find. A database migrated up to the migration before issue 31's and
 * filled with rows in every table that points at users is then opened the way the server opens it
 * (openDatabase: every pending migration). Migration 0022 rebuilds users (SQLite cannot drop NOT
 * NULL): every row, index, trigger, foreign key and the id counter must come through whole.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";

const DRIZZLE = path.resolve(import.meta.dirname, "../drizzle");
/** The first migration of issue 31: the database is made as it was just before it. */
const REBUILD = "0022_phone_accounts_and_pin";

/** What migrations after REBUILD change on purpose: each object's new text (0023: only reversals are indexed; 0024: a page per language). */
const CHANGED_LATER: Record<string, RegExp> = {
  journal_entries_reversal_once_idx: /\(`reverses_entry_id`\) WHERE "journal_entries"."reverses_entry_id" is not null$/,
  pages: /`locale` text DEFAULT 'en' NOT NULL,[\s\S]*PRIMARY KEY\(`slug`, `locale`\)/,
  exit_requests: /`offer_id` integer/,
};

let dir = "";
let file = "";

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const folder = path.join(dir, "before");
  fs.cpSync(DRIZZLE, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type Shape = {
  counts: Record<string, number>;
  schema: Array<{ type: string; name: string; sql: string | null }>;
  foreignKeys: Record<string, unknown[]>;
  users: Array<Record<string, unknown>>;
  sequence: number;
};

function shapeOf(db: Database.Database): Shape {
  const tables = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations' order by name").all() as Array<{ name: string }>).map(
    (t) => t.name,
  );
  return {
    counts: Object.fromEntries(tables.map((t) => [t, (db.prepare(`select count(*) n from "${t}"`).get() as { n: number }).n])),
    // Indexes and triggers as SQLite keeps them (tables aside: users' own text changes, the others' must not).
    schema: db.prepare("select type, name, sql from sqlite_master where type in ('index', 'trigger', 'view') or (type = 'table' and name <> 'users') order by type, name").all() as Shape["schema"],
    foreignKeys: Object.fromEntries(tables.map((t) => [t, db.prepare(`select * from pragma_foreign_key_list('${t}')`).all()])),
    users: db.prepare("select * from users order by id").all() as Shape["users"],
    sequence: (db.prepare("select seq from sqlite_sequence where name = 'users'").get() as { seq: number }).seq,
  };
}

let before: Shape;
let after: Shape;
let migrated: Database.Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-migrations-"));
  file = path.join(dir, "akoko.db");
  const old = new Database(file);
  // As the server opened a database before: foreign keys on.
  old.pragma("foreign_keys = ON");
  migrate(drizzle(old), { migrationsFolder: migrationsBefore(REBUILD) });
  const at = "2026-11-01T10:00:00.000Z";
  old.exec(`
    insert into users (id, email, full_name, password_hash, is_admin, phone, email_verified_at, phone_verified_at, locale, kyc_tier, totp_secret, totp_enabled_at, totp_last_step, created_at)
      values (1, 'admin@akoko.test', 'Akoko Admin', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', 1, null, '${at}', null, 'en', 'REGISTERED', 'sealed-secret', '${at}', 123, '${at}');
    insert into users (id, email, full_name, password_hash, phone, phone_verified_at, locale, kyc_tier, created_at)
      values (2, 'ama@akoko.test', 'Ama Owusu', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', '+233241234567', '${at}', 'ak', 'VERIFIED', '${at}');
    insert into users (id, email, full_name, password_hash, closed_at) values (3, 'closed-3@closed.invalid', 'Closed account', 'closed-account', '${at}');
    -- The newest id was used and its row is gone: the next account must not get it again.
    insert into users (id, email, full_name, password_hash) values (4, 'gone@akoko.test', 'Gone', 'x');
    delete from users where id = 4;
    insert into sessions (token_hash, user_id, expires_at, kind, second_factor_at) values ('t1', 1, '2027-01-01T00:00:00.000Z', 'browser', '${at}'), ('t2', 2, '2027-01-01T00:00:00.000Z', 'api', null);
    insert into recovery_codes (user_id, code_hash) values (1, 'r1'), (1, 'r2');
    insert into known_devices (user_id, device_hash) values (1, 'd1'), (2, 'd2');
    insert into password_resets (token_hash, user_id, expires_at, code_hash) values ('p1', 2, '2027-01-01T00:00:00.000Z', 'c1');
    insert into contact_confirmations (user_id, channel, address, secret_hash, expires_at) values (2, 'SMS', '+233241234567', 's1', '2027-01-01T00:00:00.000Z');
    insert into message_preferences (user_id, category, channel, enabled) values (2, 'news', 'EMAIL', 0);
    insert into notifications (user_id, kind, message) values (2, 'NEWS', 'Hello');
    insert into accounts (kind, user_id) values ('WALLET', 2);
    insert into audit_log (admin_id, action) values (1, 'user.role');
    insert into approvals (action, summary, requested_by, expires_at) values ('payout.execute', '', 1, '2027-01-01T00:00:00.000Z');
    insert into ussd_sessions (gateway, gateway_session_id, phone, user_id, language, state) values ('africastalking', 'ATUid_1', '+233241234567', 2, 'en', '{}');
    insert into pages (slug, title, body_md, faqs_json, example_unit_price_minor, example_expected_roi, updated_at) values ('how-it-works', 'Our farms', '## Edited', '[{"question":"Q","answer":"A"}]', 7500, 0.15, '${at}');
  `);
  before = shapeOf(old);
  old.close();
  migrated = openDatabase(file).$client as unknown as Database.Database;
  after = shapeOf(migrated);
});

afterAll(() => {
  migrated?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`migration ${REBUILD}: users rebuilt`, () => {
  it("keeps every row of every table (none cascades away with the old users table)", () => {
    expect(before.counts.sessions).toBe(2);
    expect(after.counts).toEqual({ ...before.counts });
  });

  it("keeps every user as it was, with no PIN and no failed PIN check", () => {
    expect(after.users).toEqual(before.users.map((u) => ({ ...u, pin_hash: null, pin_failures: 0, pin_locked_until: null })));
  });

  it("keeps every index, trigger and foreign key, and leaves no reference broken", () => {
    // What the later migrations change on purpose is checked for that change instead.
    const unchanged = (s: Shape["schema"][number]) => s.name !== "contact_confirmations" && !(s.name in CHANGED_LATER);
    expect(after.schema.filter(unchanged)).toEqual(before.schema.filter(unchanged));
    for (const [name, text] of Object.entries(CHANGED_LATER)) expect(after.schema.find((s) => s.name === name)?.sql).toMatch(text);
    expect(after.schema.map((s) => s.name)).toContain("users_email_unique");
    expect(after.foreignKeys).toEqual(before.foreignKeys);
    expect(migrated.pragma("foreign_key_check")).toEqual([]);
    expect(migrated.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("carries the id counter on: an id once used is never given again", () => {
    expect(after.sequence).toBe(4);
    const { id } = migrated.prepare("insert into users (full_name, phone) values ('Kwame', '+233201234567') returning id").get() as { id: number };
    expect(id).toBe(5);
  });

  it("lets accounts have no email and no password (several of them), but not the same email twice", () => {
    const phoneFirst = migrated.prepare("insert into users (full_name, phone) values (?, ?)");
    phoneFirst.run("Efua", "+233501234567");
    phoneFirst.run("Kojo", "+233551234567");
    expect((migrated.prepare("select count(*) n from users where email is null and password_hash is null").get() as { n: number }).n).toBeGreaterThanOrEqual(2);
    expect(() => migrated.prepare("insert into users (email, full_name) values ('ama@akoko.test', 'Twin')").run()).toThrow(/UNIQUE constraint failed: users.email/);
  });

  it("refuses a row pointing at no user, as before", () => {
    expect(() => migrated.prepare("insert into sessions (token_hash, user_id, expires_at) values ('t3', 999, '2027-01-01')").run()).toThrow(/FOREIGN KEY/);
  });

  it("keeps the stored How It Works as the English page (migration 0024), and takes a Twi page beside it", () => {
    expect(migrated.prepare("select * from pages").all()).toEqual([
      {
        slug: "how-it-works",
        locale: "en",
        title: "Our farms",
        body_md: "## Edited",
        faqs_json: '[{"question":"Q","answer":"A"}]',
        example_unit_price_minor: 7500,
        example_expected_roi: 0.15,
        updated_at: "2026-11-01T10:00:00.000Z",
      },
    ]);
    migrated.prepare("insert into pages (slug, locale, title) values ('how-it-works', 'ak', 'Yɛn nkokɔ afuo')").run();
    expect(() => migrated.prepare("insert into pages (slug, locale, title) values ('how-it-works', 'ak', 'Twice')").run()).toThrow(/UNIQUE constraint failed/);
  });

  it("marks the codes already sent as phone confirmations", () => {
    expect(migrated.prepare("select purpose from contact_confirmations").all()).toEqual([{ purpose: "CONFIRM" }]);
  });
});
