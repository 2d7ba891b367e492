import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError, TextareaField } from "~/components/forms";
import { ContentPageSchema } from "~/forms/admin.server";
import { ADMIN_FALLBACK, HOW_IT_WORKS_SLUG, contentFormInput } from "~/pages/admin";
import { CONTENT_LIMITS } from "~/forms/limits";
import { minorToDecimalString } from "~/domain/money";
import { renderMarkdown } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { getContentPage } from "~/models/content.server";
import { saveContentPage } from "~/commands/admin-content.server";
import { fieldErrors } from "~/forms/parse.server";
import { localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

type Draft = { title: string; body_md: string; faqs: Array<{ question: string; answer: string }>; example_unit_price: string; example_expected_roi: string };
type ContentResult = { ok: boolean; errors: Record<string, string>; draft: Draft; previewHtml: string | null };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const page = getContentPage(HOW_IT_WORKS_SLUG);
  const draft: Draft = {
    title: page?.title ?? t("adminContent.defaultTitle"),
    body_md: page?.bodyMd ?? "",
    faqs: page?.faqs ?? [],
    example_unit_price: page?.exampleUnitPriceMinor == null ? "" : minorToDecimalString(page.exampleUnitPriceMinor),
    example_expected_roi: page?.exampleExpectedRoi == null ? "" : String(page.exampleExpectedRoi),
  };
  return { words: wordsFor(locale, ["adminContent"]), title: t("adminMeta.content.title"), description: t("adminMeta.content.description"), draft, updatedAt: page?.updatedAt ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const input = contentFormInput(await request.formData());
  const { intent, ...draft } = input;
  const parsed = ContentPageSchema.safeParse(draft);
  if (intent === "preview") {
    // The preview is the sanitized renderer the public page uses; nothing is saved.
    return data({ ok: true, errors: parsed.success ? {} : fieldErrors(parsed.error, rendererFor(locale)), draft, previewHtml: renderMarkdown(draft.body_md) } satisfies ContentResult);
  }
  if (!parsed.success) return data({ ok: false, errors: fieldErrors(parsed.error, rendererFor(locale)), draft, previewHtml: null } satisfies ContentResult, { status: 400 });
  try {
    saveContentPage({ actor: admin, key: null }, { slug: HOW_IT_WORKS_SLUG, page: parsed.data });
  } catch (error) {
    console.error(error);
    return data({ ok: false, errors: { form: translatorFor(locale)(ADMIN_FALLBACK.content) }, draft, previewHtml: null } satisfies ContentResult, { status: 500 });
  }
  return redirectWithFlash("/admin/content", { kind: "success", message: msg("adminContent.flash.saved") });
}

export default function AdminContent() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ContentResult | undefined;
  const draft = result?.draft ?? loaderData.draft;
  const errors = result?.errors ?? {};
  // Two blank rows to add FAQs (more appear after saving); clear both fields of a row to remove it.
  const rows = [...draft.faqs, { question: "", answer: "" }, { question: "", answer: "" }];
  const key = JSON.stringify(draft).length + (result ? "r" : "l");
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminContent.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {withElements(t("adminContent.intro", slots("link")), { link: <Link to="/how-it-works">/how-it-works</Link> })}
        {loaderData.updatedAt ? t("adminContent.lastSaved", { when: loaderData.updatedAt.slice(0, 16).replace("T", " ") }) : ""}
      </p>
      <Form method="post" noValidate className="mt-4 space-y-4" key={key}>
        <FormError message={errors.form ?? (result && !result.ok ? t("adminContent.nothingSaved") : null)} />
        <Field label={t("adminContent.fieldTitle")} name="title" required maxLength={CONTENT_LIMITS.titleMax} defaultValue={draft.title} error={errors.title} />
        <TextareaField label={t("adminContent.body")} name="body_md" rows={14} maxLength={CONTENT_LIMITS.bodyMax} defaultValue={draft.body_md} error={errors.body_md} className="font-mono" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t("adminContent.exampleUnitPrice")}
            name="example_unit_price"
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            defaultValue={draft.example_unit_price}
            error={errors.example_unit_price}
          />
          <Field
            label={t("adminContent.exampleRoi")}
            name="example_expected_roi"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.01"
            defaultValue={draft.example_expected_roi}
            error={errors.example_expected_roi}
            hint={t("adminContent.exampleRoiHint")}
          />
        </div>
        <fieldset className="card">
          <legend className="px-1 font-semibold">{t("adminContent.faqs")}</legend>
          {errors.faqs ? (
            <p className="field-error" role="alert">
              {errors.faqs}
            </p>
          ) : null}
          <ol className="space-y-4">
            {rows.map((f, i) => (
              <li key={i} className="space-y-2">
                <Field label={t("adminContent.question", { n: i + 1 })} name="faq_question" maxLength={CONTENT_LIMITS.faqQuestionMax} defaultValue={f.question} />
                <TextareaField label={t("adminContent.answer", { n: i + 1 })} name="faq_answer" rows={2} maxLength={CONTENT_LIMITS.faqAnswerMax} defaultValue={f.answer} />
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-stone-500">{t("adminContent.removeHint")}</p>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <AdminSubmit name="intent" value="preview" className="btn-secondary">
            {t("adminContent.preview")}
          </AdminSubmit>
          <AdminSubmit name="intent" value="save">
            {t("adminContent.save")}
          </AdminSubmit>
        </div>
      </Form>
      {result?.previewHtml != null ? (
        <section className="card mt-6" aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="text-lg font-semibold">
            {t("adminContent.previewHeading")}
          </h2>
          <div
            className="mt-3 text-sm break-words text-stone-800 [&_a]:text-leaf-700 [&_a]:underline [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-3 [&_blockquote]:text-stone-600 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
            data-testid="preview"
            dangerouslySetInnerHTML={{ __html: result.previewHtml }}
          />
        </section>
      ) : null}
    </div>
  );
}
