/** The FAQ page: its questions and answers (Home and How It Works quote some, rendered by their loaders). */
export const faq = {
  "faq.title": "Frequently asked questions",
  "faq.intro": "Everything about accounts, investing, payouts, risk and support.",
  "faq.searchLabel": "Search the FAQ",
  "faq.searchHint": "Search (e.g. payout, ROI, chicken)...",
  "faq.search": "Search",
  "faq.matches": "{count} of {total} questions match “{query}”.",
  "faq.count": "{total} questions.",
  "faq.empty": "No FAQs match your search. Try different keywords or {contact}",
  "faq.empty.contact": "contact support",
  "faq.help.title": "Still need help?",
  "faq.help.body": "Send us a message and support will reply within 24 hours.",
  "faq.help.contact": "Contact support",
  "faq.category.account": "Account & Onboarding",
  "faq.category.investing": "Investing",
  "faq.category.payouts": "Payouts & Returns",
  "faq.category.security": "Security & Risk",
  "faq.category.platform": "Platform & Support",
  "faq.create-account.q": "How do I create an account?",
  "faq.create-account.a": "Choose Get started, enter your full name, email and a password, and you are in. You can read every batch before you deposit anything.",
  "faq.kyc-documents.q": "What do I need to verify my identity (KYC)?",
  "faq.kyc-documents.a":
    "A valid government ID (a Ghana Card or an ECOWAS passport), a selfie and a confirmed phone; for the Enhanced tier, also a proof of address such as a utility bill or bank statement from the last 3 months. Verification is required before your first withdrawal.",
  "faq.kyc-time.q": "How long does verification take?",
  "faq.kyc-time.a": "Usually under 24 hours. We email you as soon as your documents are checked.",
  "faq.who-can-invest.q": "Who can invest?",
  "faq.who-can-invest.a": "Adults aged 18 or older who live in Ghana or in select ECOWAS countries, with a mobile money wallet or a bank account in their own name.",
  "faq.egg-note.q": "What is an Egg Note?",
  "faq.egg-note.a":
    "A share of a flock of laying hens. It runs about 17 months: 2 months of rearing, then about 15 months of lay. Once the hens are laying, you receive monthly income from egg sales.",
  "faq.chicken-note.q": "What is a Chicken Note?",
  "faq.chicken-note.a":
    "A share of a broiler (meat chicken) batch. A cycle takes about 6-8 weeks from day-old chick to harvest, and you receive your principal plus the return as a lump sum at harvest.",
  "faq.minimum.q": "What is the minimum investment?",
  "faq.minimum.a": "One unit. Unit prices are set per batch: usually GH₵50.00 per unit for Egg Notes and GH₵100.00 per unit for Chicken Notes.",
  "faq.early-exit.q": "Can I exit before the end of a batch?",
  "faq.early-exit.a":
    "Egg Notes can be offered for early exit after the first month, with 3 days' notice, for a 3-7% administrative fee, when another investor buys your units. Chicken Notes are locked until harvest. A peer-to-peer exchange for notes is coming soon.",
  "faq.returns.q": "What returns can I expect?",
  "faq.returns.a":
    "Egg Notes have yielded about 10-14% annually and Chicken Notes about 8-12% per cycle on average. Each batch shows its own expected ROI. These are estimates, not promises: returns can be lower and capital is not guaranteed.",
  "faq.tax.q": "Is tax taken from my payouts?",
  "faq.tax.a":
    "Yes. Ghana's withholding tax of {rate}% is taken from your income (each month's egg income, a harvest's return) before it reaches your wallet, and paid to the tax authority for you; your capital is never taxed. The pages show income after tax, with the amount before tax and the tax one tap away, and your Portfolio has a tax statement for each month.",
  "faq.tax.aNone":
    "Not at present: no withholding tax is taken, so your income reaches your wallet whole, and your capital is never taxed. If withholding tax applies, it is taken from income before it reaches your wallet and shown on every payout.",
  "faq.payout-timing.q": "When are payouts made?",
  "faq.payout-timing.a": "Egg Notes pay monthly once the hens are in lay; Chicken Notes pay a lump sum at harvest. Each payout is automated to your wallet after the farm's figures are verified.",
  "faq.auto-reinvest.q": "Can I reinvest my payout automatically?",
  "faq.auto-reinvest.a": "Yes. With auto-reinvest on, your Chicken Note proceeds buy units of the next open chicken batch; anything that does not make a whole unit stays in your wallet.",
  "faq.withdraw.q": "How do I withdraw my money?",
  "faq.withdraw.a": "Withdraw any wallet balance you have not invested to mobile money (MTN MoMo, Telecel Cash, AT Money) or to a bank account in your name.",
  "faq.guaranteed.q": "Is my capital guaranteed?",
  "faq.guaranteed.a":
    "No. Poultry farming carries real risks: disease, feed prices and market prices can reduce returns or principal. Read the Risk Disclosure before you invest and only invest money you can leave in place.",
  "faq.funds-protection.q": "How is my money protected?",
  "faq.funds-protection.a":
    "Investor funds are ring-fenced and held in escrow until they are deployed to the farm. Farms keep operating reserves and insurance where possible, and every movement is recorded in your wallet history.",
  "faq.farm-vetting.q": "How are farms chosen and watched?",
  "faq.farm-vetting.a":
    "We work with vetted farms that follow vaccination schedules and have vet partnerships. Each batch reports lay rate or feed conversion ratio, weights, mortality, daily logs, photos and any incident reports.",
  "faq.fund-wallet.q": "How do I fund my wallet?",
  "faq.fund-wallet.a": "By mobile money or bank transfer. Mobile-money deposits are instant; bank deposits can take up to 24h. In this demo, deposits are simulated and no real money moves.",
  "faq.tracking.q": "How do I follow my batches?",
  "faq.tracking.a": "Your Portfolio lists every investment with its status and payouts, and each batch page shows the farm's latest figures: 24/7 live tracking from your phone.",
  "faq.support.q": "How do I contact support?",
  "faq.support.a": "Send us a message from the Contact page. Support replies within 24 hours.",
} as const;
