import { z } from "zod";
import { MOMO_PROVIDERS } from "~/domain/wallet";

/** Where a withdrawal goes: a Ghanaian mobile money number, or a bank account. */
export const DestinationSchema = z.discriminatedUnion(
  "method",
  [
    z.object({
      method: z.literal("MOMO"),
      provider: z.enum(MOMO_PROVIDERS, { error: "Choose the mobile money network." }),
      account_number: z
        .string({ error: "Enter the mobile money number." })
        .trim()
        .transform((v) => v.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(/^(0\d{9}|\+233\d{9})$/, "Enter a Ghanaian mobile number, e.g. 024 123 4567.")),
    }),
    z.object({
      method: z.literal("BANK"),
      provider: z.string({ error: "Enter the bank's name." }).trim().min(2, "Enter the bank's name.").max(80, "Keep the bank's name under 80 characters."),
      account_number: z
        .string({ error: "Enter the account number." })
        .trim()
        .transform((v) => v.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(/^\d{6,20}$/, "Enter the bank account number (6 to 20 digits).")),
    }),
  ],
  { error: "Choose mobile money or bank." },
);
export type DestinationInput = z.infer<typeof DestinationSchema>;
