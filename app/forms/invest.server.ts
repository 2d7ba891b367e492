import { z } from "zod";
import { msg } from "~/catalog/ref";

import { formId, formMsg, formText, idempotencyKey } from "~/forms/parse.server";

/** The invest and exit dialogs of the invest pages. */
const batchId = formId(msg("rules.batchNotFound"));

export const InvestFormSchema = z.discriminatedUnion(
  "intent",
  [
    // shown_units: the units the dialog's figures were worked out for when it was sent.
    z.object({
      intent: z.literal("invest"),
      batch_id: batchId,
      units: formText(20),
      shown_units: formText(20),
      terms: formText(5),
      auto_reinvest: formText(5),
      idempotency_key: idempotencyKey,
    }),
    z.object({ intent: z.literal("exit"), batch_id: batchId, units: formText(20), shown_units: formText(20), idempotency_key: idempotencyKey }),
  ],
  formMsg("investorTexts.formUnreadable"),
);
