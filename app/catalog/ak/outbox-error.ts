import type { outboxError as english } from "~/catalog/en/outbox-error";
import type { TwiTexts } from "~/catalog/ak/types";

/** Why an email or SMS was not sent, in Twi (provisional: awaiting a native speaker's review). */
export const outboxError: TwiTexts<typeof english> = {
  "outboxError.workerStopped": "Worker no gyinaeɛ berɛ a na ɛresoma: ebia adu, ebia ennuu. Retry bɛsoma bio.",
  "outboxError.accountClosed": "Wɔtoo akawnt no mu ansa na wɔresoma.",
};
