import { z } from "zod";
import { MOMO_PROVIDERS } from "~/domain/wallet";
import { formMsg } from "~/forms/parse.server";

/** Where a withdrawal goes: a Ghanaian mobile money number, or a bank account. */
export const DestinationSchema = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("MOMO"),
      provider: z.enum(MOMO_PROVIDERS, formMsg("forms.wallet.network")),
      account_number: z
        .string(formMsg("forms.wallet.momoNumberRequired"))
        .trim()
        .transform((v) => v.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(/^(0\d{9}|\+233\d{9})$/, formMsg("forms.wallet.momoNumberFormat"))),
    }),
    z.object({
      method: z.literal("BANK"),
      provider: z
        .string(formMsg("forms.wallet.bankNameRequired"))
        .trim()
        .min(2, formMsg("forms.wallet.bankNameRequired"))
        .max(80, formMsg("forms.wallet.bankNameTooLong", { max: 80 })),
      account_number: z
        .string(formMsg("forms.wallet.accountNumberRequired"))
        .trim()
        .transform((v) => v.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(/^\d{6,20}$/, formMsg("forms.wallet.accountNumberFormat", { min: 6, max: 20 }))),
    }),
  ],
  formMsg("forms.wallet.method"),
);
export type DestinationInput = z.infer<typeof DestinationSchema>;
