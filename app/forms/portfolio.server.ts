import { z } from "zod";
import type { UnsavedDestination } from "~/models/withdrawal.server";
import { DestinationSchema } from "~/forms/wallet.server";
import { MOMO_PROVIDERS } from "~/domain/wallet";
import { msg } from "~/catalog/ref";
import { fieldMessages, formId, formMsg, formText, idempotencyKey, type FieldMessage, readId } from "~/forms/parse.server";

// ---- the portfolio page's forms: one action, a hidden `intent` ----

export const PortfolioActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("deposit"),
      amount: formText(40),
      // With a provider that takes time: mobile_money (network, phone) or checkout (card or bank).
      method: formText(20),
      network: formText(10),
      phone: formText(30),
      idempotency_key: idempotencyKey,
    }),
    z.object({
      intent: z.literal("withdraw"),
      amount: formText(40),
      method: formText(10),
      destination_id: formText(20),
      momo_provider: formText(40),
      bank_name: formText(100),
      account_number: formText(40),
      confirmed: formText(5),
      idempotency_key: idempotencyKey,
    }),
    // shown_units: the units the dialog's figures were worked out for when it was sent.
    z.object({
      intent: z.literal("reinvest"),
      investment_id: formId(msg("rules.investmentNotFound")),
      units: formText(20),
      shown_units: formText(20),
      terms: formText(5),
      idempotency_key: idempotencyKey,
    }),
    z.object({ intent: z.literal("cancel_exit"), exit_id: formId(msg("rules.exitRequestNotFound")), idempotency_key: idempotencyKey }),
    // up_to: the newest notice the page showed; one that came in since stays unread.
    z.object({ intent: z.literal("notices_read"), up_to: formText(20), idempotency_key: idempotencyKey }),
    z.object({
      intent: z.literal("auto_reinvest"),
      investment_id: formId(msg("rules.investmentNotFound")),
      auto_reinvest: z.enum(["on", "off"], formMsg("forms.portfolio.autoReinvest")),
      idempotency_key: idempotencyKey,
    }),
  ],
  formMsg("investorTexts.formUnreadable"),
);
export type PortfolioAction = z.infer<typeof PortfolioActionSchema>;
export type WithdrawForm = Extract<PortfolioAction, { intent: "withdraw" }>;

/**
 * The withdraw form's destination through the one destination rule (DestinationSchema), with each
 * error placed beside the field the investor filled in.
 */
export function parseWithdrawDestination(form: WithdrawForm): { ok: true; destination: UnsavedDestination } | { ok: false; errors: Record<string, FieldMessage> } {
  const parsed = DestinationSchema.safeParse(destinationInput(form));
  if (parsed.success) return { ok: true, destination: { method: parsed.data.method, provider: parsed.data.provider, accountNumber: parsed.data.account_number } };
  return { ok: false, errors: Object.fromEntries(Object.entries(fieldMessages(parsed.error)).map(([field, message]) => [destinationErrorField(field, form.method), message])) };
}

/** The mobile money networks the withdraw form offers (the rule's own list). */
export const momoNetworks = (): string[] => [...MOMO_PROVIDERS];

/** The withdraw form has a network list and a bank-name box; the destination rule takes one `provider`. */
export function destinationInput(form: { method: string; momo_provider: string; bank_name: string; account_number: string }) {
  return {
    method: form.method || undefined,
    provider: (form.method === "BANK" ? form.bank_name : form.momo_provider) || undefined,
    account_number: form.account_number || undefined,
  };
}

/** A destination error named by the rule ("provider") goes beside the field the investor filled. */
export function destinationErrorField(field: string, method: string): string {
  if (field === "provider") return method === "BANK" ? "bank_name" : "momo_provider";
  return field;
}

/**
 * Where the withdraw form sends the money: a saved destination (`destination_id`), or, in the demo,
 * the plain form's unsaved one (network or bank name, and a number). Refused: each field's message,
 * for the page to render in its reader's language (renderMessages).
 */
export function withdrawTarget(form: WithdrawForm): { ok: true; target: { destinationId: number | null; unsaved: UnsavedDestination | null } } | { ok: false; errors: Record<string, FieldMessage> } {
  if (form.destination_id) {
    const id = readId(form.destination_id);
    if (id === null) return { ok: false, errors: { destination_id: msg("forms.portfolio.savedDestination") } };
    return { ok: true, target: { destinationId: id, unsaved: null } };
  }
  if (!form.method && !form.account_number) return { ok: true, target: { destinationId: null, unsaved: null } };
  const parsed = parseWithdrawDestination(form);
  return parsed.ok ? { ok: true, target: { destinationId: null, unsaved: parsed.destination } } : parsed;
}
