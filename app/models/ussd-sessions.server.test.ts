import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { accountsWithPhone, holdersLanguage } from "~/models/ussd-sessions.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own database, migrated like the server's (on each engine); nothing in the app is mocked.
useUnitDatabase("ussd-sessions");

let accounts = 0;
/** An account holding `phone`, confirmed or not, in `locale` (null: it chose none). */
function holder(phone: string, { locale, confirmed = false }: { locale: string | null; confirmed?: boolean }): number {
  accounts += 1;
  const row = getDb()
    .$client.prepare("insert into users (email, full_name, password_hash, phone, phone_verified_at, locale) values (?, ?, ?, ?, ?, ?) returning id")
    .get(`holder${accounts}@akoko.test`, `Holder ${accounts}`, "x", phone, confirmed ? "2026-11-01T09:00:00.000Z" : null, locale) as { id: number };
  return row.id;
}

const close = (id: number) => getDb().$client.prepare("update users set closed_at = ? where id = ?").run("2026-11-20T09:00:00.000Z", id);

describe("who holds a phone number, for a USSD caller no account answers to", () => {
  it("counts the open accounts holding it, and those that confirmed it", () => {
    const phone = "+233201110001";
    expect(accountsWithPhone(phone)).toEqual({ confirmed: 0, held: 0 });
    holder(phone, { locale: "ak" });
    const confirmed = holder(phone, { locale: "ak", confirmed: true });
    expect(accountsWithPhone(phone)).toEqual({ confirmed: 1, held: 2 });
    close(confirmed);
    expect(accountsWithPhone(phone)).toEqual({ confirmed: 0, held: 1 });
  });

  it("speaks the holders' language when they agree, English when none holds the number or they differ", () => {
    const phone = "+233201110002";
    expect(holdersLanguage(phone)).toBe("en");
    holder(phone, { locale: "ak" });
    expect(holdersLanguage(phone)).toBe("ak");
    holder(phone, { locale: "ak", confirmed: true });
    expect(holdersLanguage(phone)).toBe("ak");
    // An account that chose no language reads English: the holders now differ.
    const silent = holder(phone, { locale: null });
    expect(holdersLanguage(phone)).toBe("en");
    // A closed account no longer holds the number.
    close(silent);
    expect(holdersLanguage(phone)).toBe("ak");
    // Another number's holders are not this one's.
    holder("+233201110003", { locale: "en" });
    expect(holdersLanguage(phone)).toBe("ak");
  });
});
