import { msg } from "~/catalog/ref";
import { type By, recordAudit } from "~/models/audit.server";
import type { ContentPageInput } from "~/forms/admin.server";
import { atomic } from "~/models/ledger.server";
import { eq, sql } from "drizzle-orm";
import { getDb, preparedQuery, type Db } from "~/lib/db.server";
import { nowIso } from "~/lib/clock.server";
import { pages } from "~/models/schema.server";
/** Editable content pages (How It Works). */

export type FaqEntry = { question: string; answer: string };
export type ContentPage = {
  slug: string;
  title: string;
  bodyMd: string;
  faqs: FaqEntry[];
  exampleUnitPriceMinor: number | null;
  exampleExpectedRoi: number | null;
  updatedAt: string;
};

// Home reads How It Works on every view: prepared once.
const contentPageQuery = (db: Db) =>
  db
    .select()
    .from(pages)
    .where(eq(pages.slug, sql.placeholder("slug")))
    .prepare();

export function getContentPage(slug: string): ContentPage | undefined {
  const row = preparedQuery(contentPageQuery).get({ slug });
  if (!row) return undefined;
  let faqs: FaqEntry[] = [];
  try {
    const parsed = JSON.parse(row.faqsJson);
    if (Array.isArray(parsed)) faqs = parsed.filter((f) => typeof f?.question === "string" && typeof f?.answer === "string");
  } catch {
    /* a broken FAQ list shows as none */
  }
  return { slug: row.slug, title: row.title, bodyMd: row.bodyMd, faqs, exampleUnitPriceMinor: row.exampleUnitPriceMinor, exampleExpectedRoi: row.exampleExpectedRoi, updatedAt: row.updatedAt };
}

/** Writes the How It Works page that /how-it-works and the public pages API read. */
export function saveContentPage(slug: string, input: ContentPageInput, { adminId }: By) {
  return atomic(() => {
    const values = {
      title: input.title,
      bodyMd: input.body_md,
      faqsJson: JSON.stringify(input.faqs),
      exampleUnitPriceMinor: input.example_unit_price,
      exampleExpectedRoi: input.example_expected_roi,
      updatedAt: nowIso(),
    };
    getDb()
      .insert(pages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: pages.slug, set: values })
      .run();
    recordAudit({ adminId, action: "page.update", detail: msg("auditDetail.pageUpdate", { slug, title: input.title, faqs: input.faqs.length }) });
  });
}
