import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { newIdempotencyKey, readPageFormData } from "~/lib/page-action.server";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminSubmit } from "~/components/admin-confirm";
import { Field, FormError, TextareaField } from "~/components/forms";
import { ContentPageSchema } from "~/forms/admin.server";
import { ADMIN_FALLBACK, EDIT_LANGUAGE_FIELD, HOW_IT_WORKS_SLUG, contentFormInput } from "~/pages/admin";
import { CONTENT_LIMITS } from "~/forms/limits";
import { minorToDecimalString } from "~/domain/money";
import { renderMarkdown } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { getContentPage, getPageExamples } from "~/models/content.server";
import { editLanguage, howItWorksWords } from "~/pages/how-it-works.server";
import { editsMissed } from "~/domain/page-languages";
import { isHowItWorksAsSeeded } from "~/seed/content.server";
import { LANGUAGES, type Language } from "~/catalog/languages";
import { saveContentPage } from "~/commands/admin-content.server";
import { fieldErrors } from "~/forms/parse.server";
import { detailIn, localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { DomainError } from "~/domain/errors";
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
  // Any other `?locale=` than ours edits the admin's own language, as none does.
  const editing = editLanguage(new URL(request.url).searchParams.get(EDIT_LANGUAGE_FIELD), locale) ?? editLanguage(null, locale)!;
  const stored = new Map(LANGUAGES.map((language) => [language, getContentPage(HOW_IT_WORKS_SLUG, language)]));
  const missed = editsMissed(
    LANGUAGES.map((language) => {
      const page = stored.get(language);
      return { locale: language, savedAt: page?.updatedAt ?? null, ownWords: page !== undefined && !isHowItWorksAsSeeded(page) };
    }),
  );
  const page = stored.get(editing);
  // A language nobody has written yet starts from what its readers see: the catalog's words in it.
  const words = page ?? howItWorksWords(undefined, translatorFor(editing));
  const examples = getPageExamples(HOW_IT_WORKS_SLUG);
  const draft: Draft = {
    title: words.title,
    body_md: words.bodyMd,
    faqs: words.faqs,
    example_unit_price: examples?.exampleUnitPriceMinor == null ? "" : minorToDecimalString(examples.exampleUnitPriceMinor),
    example_expected_roi: examples?.exampleExpectedRoi == null ? "" : String(examples.exampleExpectedRoi),
  };
  return {
    words: wordsFor(locale, ["adminContent"]),
    title: t("adminMeta.content.title"),
    description: t("adminMeta.content.description"),
    editing,
    languages: LANGUAGES.map((language) => ({ locale: language, written: stored.get(language) !== undefined, missed: missed.get(language) ?? null })),
    draft,
    updatedAt: page?.updatedAt ?? null,
    // A save sent again (back and resend, a second tap) counts once: it cannot undo a save made since.
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const form = await readPageFormData(request);
  const input = contentFormInput(form);
  const { intent, ...draft } = input;
  const chosen = form.get(EDIT_LANGUAGE_FIELD);
  const editing = editLanguage(typeof chosen === "string" ? chosen : null, locale);
  if (!editing) return data({ ok: false, errors: { form: translatorFor(locale)("common.language.unknown") }, draft, previewHtml: null } satisfies ContentResult, { status: 400 });
  const parsed = ContentPageSchema.safeParse(draft);
  if (intent === "preview") {
    // The preview is the sanitized renderer the public page uses; nothing is saved.
    return data({ ok: true, errors: parsed.success ? {} : fieldErrors(parsed.error, rendererFor(locale)), draft, previewHtml: renderMarkdown(draft.body_md) } satisfies ContentResult);
  }
  if (!parsed.success) return data({ ok: false, errors: fieldErrors(parsed.error, rendererFor(locale)), draft, previewHtml: null } satisfies ContentResult, { status: 400 });
  const idempotencyKey = form.get("idempotency_key");
  try {
    saveContentPage({ actor: admin, key: typeof idempotencyKey === "string" && idempotencyKey ? idempotencyKey : null }, { slug: HOW_IT_WORKS_SLUG, locale: editing, page: parsed.data });
  } catch (error) {
    // A key used for other words (422) is said beside the form; nothing was saved.
    if (error instanceof DomainError) return data({ ok: false, errors: { form: detailIn(locale, error) }, draft, previewHtml: null } satisfies ContentResult, { status: error.status });
    console.error(error);
    return data({ ok: false, errors: { form: translatorFor(locale)(ADMIN_FALLBACK.content) }, draft, previewHtml: null } satisfies ContentResult, { status: 500 });
  }
  return redirectWithFlash(editorHref(editing), { kind: "success", message: msg("adminContent.flash.saved") });
}

/** The editor open on one language. */
const editorHref = (language: Language) => `/admin/content?${EDIT_LANGUAGE_FIELD}=${language}`;

export default function AdminContent() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ContentResult | undefined;
  const draft = result?.draft ?? loaderData.draft;
  const errors = result?.errors ?? {};
  // Two blank rows to add FAQs (more appear after saving); clear both fields of a row to remove it.
  const rows = [...draft.faqs, { question: "", answer: "" }, { question: "", answer: "" }];
  const key = JSON.stringify(draft).length + (result ? "r" : "l") + loaderData.editing;
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminContent.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {withElements(t("adminContent.intro", slots("link")), { link: <Link to="/how-it-works">/how-it-works</Link> })}
        {loaderData.updatedAt ? t("adminContent.lastSaved", { when: loaderData.updatedAt.slice(0, 16).replace("T", " ") }) : ""}
      </p>
      <nav className="card mt-4" aria-labelledby="content-languages">
        <h2 id="content-languages" className="font-semibold">
          {t("adminContent.languages")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {loaderData.languages.map((language) => (
            <li key={language.locale} data-language={language.locale}>
              {language.locale === loaderData.editing ? (
                <strong aria-current="page">
                  {t(`common.language.${language.locale}`)} ({t("adminContent.editing")})
                </strong>
              ) : (
                <Link to={editorHref(language.locale)} className="font-semibold text-leaf-700 underline">
                  {t(`common.language.${language.locale}`)}
                </Link>
              )}
              {language.written ? null : <span className="text-stone-600">: {t("adminContent.notWritten")}</span>}
              {language.missed ? (
                <span className="text-amber-800">: {t(language.written ? "adminContent.mayNeedChange" : "adminContent.lacksEdit", { language: t(`common.language.${language.missed}`) })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-sm text-stone-700">{t("adminContent.editingIn", { language: t(`common.language.${loaderData.editing}`) })}</p>
      <Form method="post" action={editorHref(loaderData.editing)} noValidate className="mt-4 space-y-4" key={key}>
        <input type="hidden" name={EDIT_LANGUAGE_FIELD} value={loaderData.editing} />
        <input type="hidden" name="idempotency_key" value={`${loaderData.idempotencyKey}-content`} />
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
