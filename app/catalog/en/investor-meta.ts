/** The descriptions of the investor's own pages, for their <meta> (loaders put them, finished, in their data). */
export const investorMeta = {
  "investorMeta.portfolio": "Your Akoko wallet, investments and payouts.",
} as const;
