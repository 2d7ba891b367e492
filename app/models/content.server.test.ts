import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getContentPage, getPageExamples, listContentPageLanguages, saveContentPage } from "~/models/content.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own database, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("content");

const one = <Row>(text: string, ...params: unknown[]) =>
  getDb()
    .$client.prepare(text)
    .get(...params) as Row;

/** The editor's input as parsed: the example unit price in pesewas. */
const page = (title: string, example_unit_price: number | null = 5000) => ({
  title,
  body_md: `## ${title}`,
  faqs: [{ question: `${title}?`, answer: "Yes." }],
  example_unit_price,
  example_expected_roi: 0.12,
});

describe("How It Works, one page per language", () => {
  it("saves one language without touching another's words; the examples are the page's, in every language", () => {
    const { id: adminId } = one<{ id: number }>("insert into users (email, full_name, password_hash, is_admin) values ('content-admin@akoko.test', 'Content Admin', 'x', true) returning id");
    saveContentPage("how-it-works", "en", page("How It Works"), { adminId });
    const english = getContentPage("how-it-works", "en");
    expect(english).toMatchObject({ locale: "en", title: "How It Works", exampleUnitPriceMinor: 5000 });
    expect(getContentPage("how-it-works", "ak")).toBeUndefined();

    saveContentPage("how-it-works", "ak", page("Sɛnea ɛyɛ adwuma", 7500), { adminId });
    expect(getContentPage("how-it-works", "ak")).toMatchObject({ locale: "ak", title: "Sɛnea ɛyɛ adwuma", bodyMd: "## Sɛnea ɛyɛ adwuma", faqs: [{ question: "Sɛnea ɛyɛ adwuma?", answer: "Yes." }] });
    // English keeps its words and when they were saved; only the examples follow.
    expect(getContentPage("how-it-works", "en")).toEqual({ ...english, exampleUnitPriceMinor: 7500 });
    expect(getPageExamples("how-it-works")).toEqual({ exampleUnitPriceMinor: 7500, exampleExpectedRoi: 0.12 });

    saveContentPage("how-it-works", "ak", page("Ti foforɔ"), { adminId });
    expect(listContentPageLanguages("how-it-works").map((l) => l.locale)).toEqual(["ak", "en"]);
    expect(getContentPage("how-it-works", "ak")?.title).toBe("Ti foforɔ");
    expect(one<{ n: number }>("select count(*) n from pages where slug = 'how-it-works'").n).toBe(2);
    expect(one<{ detail: string }>("select detail from audit_log where action = 'page.update' order by id desc limit 1").detail).toBe("/how-it-works in Twi: Ti foforɔ (1 FAQs)");
  });
});
