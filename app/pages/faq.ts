/** The static FAQ of /faq (its entries and claims are the product's copy). */
export const FAQ_CATEGORIES = ["Account & Onboarding", "Investing", "Payouts & Returns", "Security & Risk", "Platform & Support"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export type FaqItem = { id: string; category: FaqCategory; question: string; answer: string };

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: "create-account",
    category: "Account & Onboarding",
    question: "How do I create an account?",
    answer: "Choose Get started, enter your full name, email and a password, and you are in. You can read every batch before you deposit anything.",
  },
  {
    id: "kyc-documents",
    category: "Account & Onboarding",
    question: "What do I need to verify my identity (KYC)?",
    answer:
      "A valid government ID (Ghana Card, passport, voter ID or driver's licence) and a proof of address such as a recent utility bill or bank statement. Verification is required before your first withdrawal.",
  },
  {
    id: "kyc-time",
    category: "Account & Onboarding",
    question: "How long does verification take?",
    answer: "Usually under 24 hours. We email you as soon as your documents are checked.",
  },
  {
    id: "who-can-invest",
    category: "Account & Onboarding",
    question: "Who can invest?",
    answer: "Adults aged 18 or older who live in Ghana or in select ECOWAS countries, with a mobile money wallet or a bank account in their own name.",
  },
  {
    id: "egg-note",
    category: "Investing",
    question: "What is an Egg Note?",
    answer: "A share of a flock of laying hens. It runs about 17 months: 2 months of rearing, then about 15 months of lay. Once the hens are laying, you receive monthly income from egg sales.",
  },
  {
    id: "chicken-note",
    category: "Investing",
    question: "What is a Chicken Note?",
    answer: "A share of a broiler (meat chicken) batch. A cycle takes about 6-8 weeks from day-old chick to harvest, and you receive your principal plus the return as a lump sum at harvest.",
  },
  {
    id: "minimum",
    category: "Investing",
    question: "What is the minimum investment?",
    answer: "One unit. Unit prices are set per batch: usually GH₵50.00 per unit for Egg Notes and GH₵100.00 per unit for Chicken Notes.",
  },
  {
    id: "early-exit",
    category: "Investing",
    question: "Can I exit before the end of a batch?",
    answer:
      "Egg Notes can be offered for early exit after the first month, with 3 days' notice, for a 3-7% administrative fee, when another investor buys your units. Chicken Notes are locked until harvest. A peer-to-peer exchange for notes is coming soon.",
  },
  {
    id: "returns",
    category: "Payouts & Returns",
    question: "What returns can I expect?",
    answer:
      "Egg Notes have yielded about 10-14% annually and Chicken Notes about 8-12% per cycle on average. Each batch shows its own expected ROI. These are estimates, not promises: returns can be lower and capital is not guaranteed.",
  },
  {
    id: "payout-timing",
    category: "Payouts & Returns",
    question: "When are payouts made?",
    answer: "Egg Notes pay monthly once the hens are in lay; Chicken Notes pay a lump sum at harvest. Each payout is automated to your wallet after the farm's figures are verified.",
  },
  {
    id: "auto-reinvest",
    category: "Payouts & Returns",
    question: "Can I reinvest my payout automatically?",
    answer: "Yes. With auto-reinvest on, your Chicken Note proceeds buy units of the next open chicken batch; anything that does not make a whole unit stays in your wallet.",
  },
  {
    id: "withdraw",
    category: "Payouts & Returns",
    question: "How do I withdraw my money?",
    answer: "Withdraw any wallet balance you have not invested to mobile money (MTN MoMo, Telecel Cash, AT Money) or to a bank account in your name.",
  },
  {
    id: "guaranteed",
    category: "Security & Risk",
    question: "Is my capital guaranteed?",
    answer:
      "No. Poultry farming carries real risks: disease, feed prices and market prices can reduce returns or principal. Read the Risk Disclosure before you invest and only invest money you can leave in place.",
  },
  {
    id: "funds-protection",
    category: "Security & Risk",
    question: "How is my money protected?",
    answer:
      "Investor funds are ring-fenced and held in escrow until they are deployed to the farm. Farms keep operating reserves and insurance where possible, and every movement is recorded in your wallet history.",
  },
  {
    id: "farm-vetting",
    category: "Security & Risk",
    question: "How are farms chosen and watched?",
    answer:
      "We work with vetted farms that follow vaccination schedules and have vet partnerships. Each batch reports lay rate or feed conversion ratio, weights, mortality, daily logs, photos and any incident reports.",
  },
  {
    id: "fund-wallet",
    category: "Platform & Support",
    question: "How do I fund my wallet?",
    answer: "By mobile money or bank transfer. Mobile-money deposits are instant; bank deposits can take up to 24h. In this demo, deposits are simulated and no real money moves.",
  },
  {
    id: "tracking",
    category: "Platform & Support",
    question: "How do I follow my batches?",
    answer: "Your Portfolio lists every investment with its status and payouts, and each batch page shows the farm's latest figures: 24/7 live tracking from your phone.",
  },
  {
    id: "support",
    category: "Platform & Support",
    question: "How do I contact support?",
    answer: "Send us a message from the Contact page. Support replies within 24 hours.",
  },
];

/**
 * Case-insensitive substring match on question and answer; a blank or whitespace-only
 * query returns every item, in order.
 */
export function searchFaqs(query: string | null | undefined, items: readonly FaqItem[] = FAQ_ITEMS): FaqItem[] {
  const needle = (query ?? "").trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle));
}

/** Items grouped by category, in the category order, leaving out empty groups. */
export function groupFaqs(items: readonly FaqItem[]): Array<{ category: FaqCategory; items: FaqItem[] }> {
  return FAQ_CATEGORIES.map((category) => ({ category, items: items.filter((i) => i.category === category) })).filter((g) => g.items.length > 0);
}

/** Limits of the search box, shared by the input and the loader. */
export const FAQ_QUERY_MAX = 100;
