import { msg } from "~/catalog/ref";
import type { Language } from "~/catalog/languages";
import { type By, recordAudit } from "~/models/audit.server";
import type { ContentPageInput } from "~/forms/admin.server";
import { atomic } from "~/models/ledger.server";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Db } from "~/lib/db.server";
import { nowIso } from "~/lib/clock.server";
import { pages } from "~/models/schema.server";
/** Editable content pages (How It Works), stored per language. */

export type FaqEntry = { question: string; answer: string };
export type ContentPage = {
  slug: string;
  locale: Language;
  title: string;
  bodyMd: string;
  faqs: FaqEntry[];
  exampleUnitPriceMinor: number | null;
  exampleExpectedRoi: number | null;
  updatedAt: string;
};
export type PageExamples = Pick<ContentPage, "exampleUnitPriceMinor" | "exampleExpectedRoi">;

// Home reads How It Works on every view: prepared once.
const contentPageQuery = (db: Db) =>
  db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, sql.placeholder("slug")), eq(pages.locale, sql.placeholder("locale"))))
    .prepare();

const pageExamplesQuery = (db: Db) =>
  db
    .select({ exampleUnitPriceMinor: pages.exampleUnitPriceMinor, exampleExpectedRoi: pages.exampleExpectedRoi })
    .from(pages)
    .where(eq(pages.slug, sql.placeholder("slug")))
    .limit(1)
    .prepare();

/** The page as an admin wrote it in `locale`; undefined when nobody has (readers then get the catalog's words). */
export function getContentPage(slug: string, locale: Language): ContentPage | undefined {
  const row = preparedQuery(contentPageQuery).get({ slug, locale });
  if (!row) return undefined;
  let faqs: FaqEntry[] = [];
  try {
    const parsed = JSON.parse(row.faqsJson);
    if (Array.isArray(parsed)) faqs = parsed.filter((f) => typeof f?.question === "string" && typeof f?.answer === "string");
  } catch {
    /* a broken FAQ list shows as none */
  }
  return {
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    bodyMd: row.bodyMd,
    faqs,
    exampleUnitPriceMinor: row.exampleUnitPriceMinor,
    exampleExpectedRoi: row.exampleExpectedRoi,
    updatedAt: row.updatedAt,
  };
}

/** The page's examples for the returns calculator: the same in every language it is stored in. */
export function getPageExamples(slug: string): PageExamples | undefined {
  return preparedQuery(pageExamplesQuery).get({ slug });
}

/** When each language the page is stored in was last saved. */
export function listContentPageLanguages(slug: string): Array<{ locale: Language; updatedAt: string }> {
  return getDb().select({ locale: pages.locale, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.slug, slug)).orderBy(asc(pages.locale)).all();
}

/** Writes one language of the How It Works page that /how-it-works and the public pages API read; the examples go to every language. */
export function saveContentPage(slug: string, locale: Language, input: ContentPageInput, { adminId }: By) {
  return atomic(() => {
    const examples = { exampleUnitPriceMinor: input.example_unit_price, exampleExpectedRoi: input.example_expected_roi };
    const words = { title: input.title, bodyMd: input.body_md, faqsJson: JSON.stringify(input.faqs), updatedAt: nowIso() };
    const db = getDb();
    db.insert(pages)
      .values({ slug, locale, ...words, ...examples })
      .onConflictDoUpdate({ target: [pages.slug, pages.locale], set: { ...words, ...examples } })
      .run();
    db.update(pages).set(examples).where(eq(pages.slug, slug)).run();
    recordAudit({
      adminId,
      action: "page.update",
      detail: msg("auditDetail.pageUpdateIn", { slug, language: msg(`common.language.${locale}`), title: input.title, faqs: input.faqs.length }),
    });
  });
}
