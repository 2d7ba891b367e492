/** The How It Works page as first stored; admins edit it later. */
export const HOW_IT_WORKS_SEED = {
  slug: "how-it-works",
  title: "How It Works",
  exampleUnitPriceMinor: 5000,
  exampleExpectedRoi: 0.12,
  faqsJson: JSON.stringify([
    { question: "What is a unit?", answer: "A unit is a fixed share of one batch of birds. Its price is set when the batch opens and does not change." },
    {
      question: "When am I paid?",
      answer: "Egg Notes pay monthly from egg sales once the hens are in lay. Chicken Notes pay a lump sum (your principal plus the return) at harvest, about 7-8 weeks after the chicks are placed.",
    },
    { question: "Can I lose money?", answer: "Yes. Disease, feed prices and market prices can reduce returns or principal. Capital is not guaranteed; read the Risk Disclosure before you invest." },
    {
      question: "How do I get my money out?",
      answer:
        "Withdraw from your wallet to mobile money (MTN MoMo, Telecel Cash, AT Money) or a bank account. Egg Notes can be offered for early exit after the first month, for a 3-7% fee, when a buyer is found.",
    },
  ]),
  bodyMd: `## The guide in detail

### 1. Open an account
Register with your name and email. Before your first withdrawal we ask for a government ID and proof of address (KYC), as Ghanaian law requires.

### 2. Fund your wallet
Deposit Ghana cedis by mobile money or bank transfer. Your wallet balance is yours: it is held apart from farm money and you can withdraw what you have not invested.

### 3. Choose a batch
Every batch belongs to one partner farm. Its page shows the **unit price**, the **expected return**, feed cost, mortality so far, the farm's daily logs and any incident reports.

- **Egg Notes** (layers) run about 17 months: 2 months of rearing, then about 15 months of lay. They pay monthly.
- **Chicken Notes** (broilers) run one cycle of about 7-8 weeks and pay a lump sum at harvest.

### 4. Invest
Buy whole units. The money moves from your wallet into the batch's escrow and stays there until the batch is activated and the funds are deployed to the farm.

### 5. Track and get paid
Watch lay rate, feed conversion, weights and mortality as the farm logs them. Payouts land in your wallet after verification: monthly for eggs, at harvest for chicken (with optional auto-reinvest into the next open batch).

> Returns are estimates, not promises. Read the [Risk Disclosure](/risk) first.
`,
};

/**
 * Whether the stored page is still the one first stored, untouched by an admin. That page is ours,
 * and the catalog says it in every language: a language nobody has written yet misses no edit of it.
 */
export function isHowItWorksAsSeeded(page: { title: string; bodyMd: string; faqs: Array<{ question: string; answer: string }> }): boolean {
  return page.title === HOW_IT_WORKS_SEED.title && page.bodyMd === HOW_IT_WORKS_SEED.bodyMd && JSON.stringify(page.faqs) === HOW_IT_WORKS_SEED.faqsJson;
}
