/** The How It Works page (/how-it-works): the comparison, the steps, the cards and the sidebar. */
export const howItWorks = {
  "howItWorks.intro":
    "{brand} lets you own units of real poultry batches on partner farms in Ghana. You choose the batch, the farm raises the birds, and your share of the income is paid to your wallet.",
  "howItWorks.createAccount": "Create account",
  "howItWorks.estimate": "Estimate returns",
  "howItWorks.stats.broiler": "Broiler batches",
  "howItWorks.stats.layer": "Layer batches",
  "howItWorks.stats.liveTracking": "live tracking",
  "howItWorks.stats.always": "24/7",
  "howItWorks.compare.title": "Egg Note or Chicken Note?",
  "howItWorks.compare.feature": "Feature",
  "howItWorks.compare.egg": "Egg Note",
  "howItWorks.compare.chicken": "Chicken Note",
  "howItWorks.compare.birds": "Birds",
  "howItWorks.compare.birds.egg": "Layers (laying hens)",
  "howItWorks.compare.birds.chicken": "Broilers (meat chickens)",
  "howItWorks.compare.term": "Term",
  "howItWorks.compare.term.egg": "About 17 months: 2 months rearing + 15 months of lay",
  "howItWorks.compare.term.chicken": "About 7-8 weeks per cycle",
  "howItWorks.compare.roi": "Expected ROI",
  "howItWorks.compare.roi.egg": "Monthly",
  "howItWorks.compare.roi.chicken": "Per cycle",
  "howItWorks.compare.payouts": "Payouts",
  "howItWorks.compare.payouts.egg": "Monthly from egg sales once in lay",
  "howItWorks.compare.payouts.chicken": "Lump sum at harvest, optional auto-reinvest",
  "howItWorks.compare.exit": "Early exit",
  "howItWorks.compare.exit.egg": "After the first month, 3-7% fee, when a buyer is found",
  "howItWorks.compare.exit.chicken": "Locked until harvest",
  "howItWorks.compare.seeEggs": "See Egg Notes",
  "howItWorks.compare.seeChicken": "See Chicken Notes",
  "howItWorks.steps.title": "Seven steps from sign-up to payout",
  "howItWorks.step.signUp.title": "Sign up and verify",
  "howItWorks.step.signUp.text": "Create your account, then complete KYC with your ID and a selfie.",
  "howItWorks.step.fund.title": "Fund your wallet",
  "howItWorks.step.fund.text": "Deposit cedis by mobile money or bank transfer.",
  "howItWorks.step.select.title": "Select a batch",
  "howItWorks.step.select.text": "Compare Egg Notes and Chicken Notes from vetted partner farms.",
  "howItWorks.step.invest.title": "Invest",
  "howItWorks.step.invest.text": "Buy whole units; the money is held in the batch's escrow until deployed to the farm.",
  "howItWorks.step.track.title": "Track progress",
  "howItWorks.step.track.text": "Follow lay rate or feed conversion, weights, mortality, daily logs and photos.",
  "howItWorks.step.payouts.title": "Receive payouts",
  "howItWorks.step.payouts.text": "Monthly for eggs, at harvest for chicken, paid to your wallet after verification.",
  "howItWorks.step.withdraw.title": "Withdraw or reinvest",
  "howItWorks.step.withdraw.text": "Withdraw to mobile money or a bank, or reinvest into the next batch.",
  "howItWorks.shows.title": "What each batch shows",
  "howItWorks.shows.price": "Unit price in GHS",
  "howItWorks.shows.roi": "Expected ROI (monthly for eggs, per cycle for chicken)",
  "howItWorks.shows.fcr": "FCR (feed conversion ratio) or lay rate",
  "howItWorks.shows.mortality": "Mortality and incident logs",
  "howItWorks.security.title": "Security and risk",
  "howItWorks.security.escrow": "Funds are ring-fenced and held in escrow until deployed to the farm.",
  "howItWorks.security.vetted": "Vetted farms with vaccination and vet partnerships.",
  "howItWorks.security.reserves": "Operating reserves and insurance where possible.",
  "howItWorks.security.capital": "Capital is not guaranteed: read the {link}.",
  "howItWorks.security.risk": "Risk Disclosure",
  "howItWorks.guide.title": "Detailed guide",
  "howItWorks.calculator": "Returns calculator",
  "howItWorks.faq.title": "Common questions",
  "howItWorks.help.title": "Need help?",
  "howItWorks.help.body": "Our team replies within 24 hours.",
  "howItWorks.help.contact": "Contact support",
  "howItWorks.help.faq": "Read the FAQ",
} as const;

/** What the How It Works loader writes into its data: the guide shown when the stored one is empty (never shipped). */
export const guide = {
  "guide.fallback": `## The guide in short

1. **Sign up and verify.** Register, then complete KYC with a government ID and a selfie.
2. **Fund your wallet** by mobile money or bank transfer.
3. **Choose a batch.** Each batch page shows the unit price, expected ROI, feed costs and mortality.
4. **Invest** in whole units. Your money is held in escrow until it is deployed to the farm.
5. **Track and get paid.** Egg Notes pay monthly once the hens are in lay; Chicken Notes pay at harvest.
6. **Withdraw or reinvest** to mobile money, a bank account, or the next open batch.

> Returns are estimates, not promises. Read the [Risk Disclosure]({riskPath}) before you invest.
`,
  "guide.loadFailed": "Failed to load page content. Please try again.",
} as const;
