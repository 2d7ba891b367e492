import { asc, eq } from "drizzle-orm";
import type { Locale } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { minorToCedis } from "~/domain/money";
import { getDb } from "~/lib/db.server";
import { atomic, externalAccount, postEntry, walletAccount, walletBalanceMinor, walletInfo, findAccountId } from "~/models/ledger.server";
import { journalEntries, postings } from "~/models/schema.server";
import { storedText } from "~/models/stored-message.server";

export type WalletState = { balanceMinor: number; updatedAt: string | null };

/** A wallet as the API shows it. */
export function walletStateJson({ balanceMinor, updatedAt }: WalletState) {
  return { balance: minorToCedis(balanceMinor), updated_at: updatedAt };
}

export const walletJson = (userId: number) => walletStateJson(walletInfo(userId));

/**
 * Money recorded as arrived, without a provider: the seed's history and ledger unit tests. Real
 * deposits (demo or Paystack) go through the startDeposit command (app/commands/payments.server.ts), with a deposit row.
 */
export function deposit({ userId, amountMinor }: { userId: number; amountMinor: number }) {
  return atomic(() => {
    postEntry({
      kind: "DEPOSIT",
      memo: msg("ledger.deposit.demo"),
      userId,
      lines: [
        { accountId: externalAccount(), amountMinor: -amountMinor },
        { accountId: walletAccount(userId), amountMinor },
      ],
    });
    return { amountMinor, balanceMinor: walletBalanceMinor(userId) };
  });
}

export type StatementLine = { entryId: number; date: string; kind: string; memo: string; amountMinor: number; balanceAfterMinor: number };

/**
 * Every ledger entry of the user's wallet, newest first, with the balance after each. The running
 * balance is summed in the order things happened (the entry's time, then its id for entries of the
 * same instant), so the statement reads the same way its balances add up. Memos are rendered in
 * the reader's language; entries written before memos had ids show the English they were written in.
 */
export function walletStatement(userId: number, locale: Locale): StatementLine[] {
  const rows = getDb()
    .select({
      entryId: journalEntries.id,
      date: journalEntries.createdAt,
      kind: journalEntries.kind,
      memo: journalEntries.memo,
      memoId: journalEntries.memoId,
      memoParams: journalEntries.memoParams,
      amountMinor: postings.amountMinor,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(postings.accountId, findAccountId("WALLET", { userId }) ?? -1))
    .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
    .all();
  let running = 0;
  const lines = rows.map(({ memoId, memoParams, ...r }) => {
    running += r.amountMinor;
    return { ...r, memo: storedText(locale, memoId, memoParams, r.memo), balanceAfterMinor: running };
  });
  return lines.reverse();
}
