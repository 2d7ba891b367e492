import { Link } from "@remix-run/react";
import { formatGhs } from "~/domain/money";

type Kyc = { tierName: string; todayMinor: number; thisMonthMinor: number | null; canWithdraw: boolean; topTier: boolean };

/**
 * One line on the portfolio (issue 17): the investor's tier, what may still be deposited today and
 * this month, and a link to raise the tier. Server-rendered; works without JavaScript.
 */
export function KycStatus({ kyc }: { kyc: Kyc }) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm" data-testid="kyc-status">
      <span>
        Account tier <strong>{kyc.tierName}</strong>
      </span>
      <span>
        You can still deposit <strong>{formatGhs(kyc.todayMinor)}</strong> today
        {kyc.thisMonthMinor === null ? null : (
          <>
            {" "}
            and <strong>{formatGhs(kyc.thisMonthMinor)}</strong> this month
          </>
        )}
        {kyc.canWithdraw ? "" : "; withdrawals need a verified identity"}.
      </span>
      {kyc.topTier ? null : (
        <Link to="/kyc" className="font-semibold text-leaf-700 underline">
          Raise your limits
        </Link>
      )}
    </p>
  );
}
