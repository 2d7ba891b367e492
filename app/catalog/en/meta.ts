/** Page titles and descriptions (loaders put them, finished, in their data; never shipped as words). */
export const meta = {
  "meta.home.title": "Invest in poultry farms in Ghana",
  "meta.home.description": "Buy units of egg and broiler batches on vetted Ghanaian farms, track the birds, and receive payouts to your GHS wallet.",
  "meta.howItWorks.title": "How It Works",
  "meta.howItWorks.description": "How Akoko works: open an account, fund your wallet, buy units of an egg or broiler batch, track the farm and receive payouts in cedis.",
  "meta.faq.title": "FAQ",
  "meta.faq.description": "Answers about Akoko accounts and KYC, Egg Notes and Chicken Notes, payouts and returns, security and risk, and support.",
  "meta.risk.title": "Risk Disclosure",
  "meta.risk.description": "The risks of investing in poultry batches with Akoko: prices, feed costs, disease, operations, insurance limits, liquidity and regulation, and how we reduce them.",
  "meta.terms.title": "Terms & Privacy",
  "meta.terms.description": "Akoko's user agreement, privacy notice, investment terms, security and compliance, account usage and termination, and how to contact us.",
} as const;
