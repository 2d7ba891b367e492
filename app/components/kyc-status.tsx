import { Link } from "@remix-run/react";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import type { KycTier } from "~/domain/kyc";
import { formatGhs } from "~/domain/money";

type Kyc = { tier: KycTier; todayMinor: number; thisMonthMinor: number | null; canWithdraw: boolean; topTier: boolean };

/**
 * One line on the portfolio (issue 17): the investor's tier, what may still be deposited today and
 * this month, and a link to raise the tier. Server-rendered; works without JavaScript.
 */
export function KycStatus({ kyc }: { kyc: Kyc }) {
  const t = useT();
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm" data-testid="kyc-status">
      <span>{withElements(t("accountStatus.tier", slots("tier")), { tier: <strong>{t(`accountStatus.tierName.${kyc.tier}`)}</strong> })}</span>
      <span>
        {withElements(
          t("accountStatus.canDepositToday", {
            ...slots("today", "month"),
            withdrawals: kyc.canWithdraw ? "" : t("accountStatus.noWithdrawals"),
          }),
          {
            today: <strong>{formatGhs(kyc.todayMinor)}</strong>,
            month: kyc.thisMonthMinor === null ? null : withElements(t("accountStatus.andThisMonth", slots("month")), { month: <strong>{formatGhs(kyc.thisMonthMinor)}</strong> }),
          },
        )}
      </span>
      {kyc.topTier ? null : (
        <Link to="/kyc" className="font-semibold text-leaf-700 underline">
          {t("accountStatus.raiseLimits")}
        </Link>
      )}
    </p>
  );
}
