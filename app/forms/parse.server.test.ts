import { describe, expect, it } from "vitest";
import { render } from "~/catalog/index.server";
import { PSEUDO_OPEN } from "~/catalog/pseudo";
import { ContactSchema } from "~/forms/contact.server";
import { RegisterSchema } from "~/forms/account.server";
import { BatchSchema, ContentPageSchema } from "~/forms/admin.server";
import { checkPhotos, parseFarmLogEntry } from "~/forms/farm-log.server";
import { checkKycImages, kycSubmissionSchema } from "~/forms/kyc.server";
import { fieldErrors, renderMessages } from "~/forms/parse.server";
import { DestinationSchema } from "~/forms/wallet.server";
import { wordsOutsideCatalog } from "../../test/support/pseudo";
import { englishOf } from "~/domain/errors";

const pseudo = (m: Parameters<typeof render>[1]) => render("pseudo", m);

/** Every message is the catalog's, in the pseudo-locale: bracketed, and nothing but data outside the brackets. */
function expectAllFromCatalog(english: Record<string, string>, translated: Record<string, string>) {
  expect(Object.keys(translated)).toEqual(Object.keys(english));
  for (const [field, text] of Object.entries(translated)) {
    expect(text.startsWith(PSEUDO_OPEN), `${field}: ${text}`).toBe(true);
    expect(text, field).not.toBe(english[field]);
    expect(wordsOutsideCatalog(text), `${field}: ${text}`).toEqual([]);
  }
}

describe("form messages in the reader's language", () => {
  it("a schema with several rules leaves no English in the pseudo-locale, labels, numbers and all", () => {
    const cases: Array<[{ safeParse: (v: unknown) => { success: boolean; error?: unknown } }, unknown, number]> = [
      [RegisterSchema, { full_name: "Ama\u202eOwusu", email: "not-an-email", password: "short" }, 3],
      [ContactSchema, { name: "", email: "", subject: "Pay\u0000", message: "hi" }, 4],
      [BatchSchema, { farm_id: "x", product_type: "DUCK", unit_price: "abc", target_units: "20000000", feed_price: "1.234", mortality_rate: "2", expected_roi: "", start_date: "May" }, 8],
      [ContentPageSchema, { title: "T".repeat(121), body_md: "x".repeat(50_001), faqs: [{ question: "", answer: "" }] }, 3],
      [DestinationSchema, { method: "BANK", provider: "B", account_number: "12" }, 2],
      [kycSubmissionSchema("2026-11-23"), { legal_name: "A", date_of_birth: "2010-01-01", phone: "123", id_type: "GHANA_CARD", id_number: "GHA-1" }, 3],
      [kycSubmissionSchema("2026-11-23"), { legal_name: "Ama Owusu", date_of_birth: "1990-04-25", phone: "024 123 4567", id_type: "PASSPORT", id_number: "GHA-1" }, 1],
    ];
    for (const [schema, input, count] of cases) {
      const parsed = schema.safeParse(input) as ReturnType<typeof RegisterSchema.safeParse>;
      expect(parsed.success).toBe(false);
      const english = fieldErrors(parsed.error!, englishOf);
      expect(Object.keys(english)).toHaveLength(count);
      expectAllFromCatalog(english, fieldErrors(parsed.error!, pseudo));
    }
  });

  it("the hand-written checks' messages too: the daily log, its photos, the identity images", () => {
    const log = parseFarmLogEntry(
      { log_date: "2999-01-01", birds_alive: "2000000", feed_kg: "-1", temperature_c: "99", humidity_pct: "x", incident: "on" },
      { productType: "CHICKEN", today: "2026-03-10" },
    );
    expect(log.ok).toBe(false);
    if (!log.ok) expectAllFromCatalog(renderMessages(log.errors, englishOf), renderMessages(log.errors, pseudo));

    const photos = checkPhotos(Array.from({ length: 6 }, () => ({ name: "x.jpg", size: 10, head: new Uint8Array() })));
    expect(photos.ok || pseudo(photos.error)).toMatch(/^⟦.*5.*⟧$/);

    const images = checkKycImages({ proof_of_address: { size: 10, bytes: new TextEncoder().encode("GIF89a") } });
    expect(images.ok).toBe(false);
    if (!images.ok) expectAllFromCatalog(renderMessages(images.errors, englishOf), renderMessages(images.errors, pseudo));
  });
});
