/** The Terms & Privacy page. */
export const terms = {
  "terms.title": "Terms & Privacy",
  "terms.updated": "Last updated 3 September 2025",
  "terms.intro": "These terms apply to everyone who uses Akoko. By creating an account you accept them. Please also read the {risk}.",
  "terms.intro.risk": "Risk Disclosure",
  "terms.onThisPage": "On this page",
  "terms.agreement.title": "User agreement",
  "terms.agreement.p1":
    "Akoko is a platform through which you can buy units of poultry batches raised by partner farms in Ghana, and receive payouts to a wallet held in Ghana cedis (GHS). You must be at least 18 years old and legally able to enter a contract to use it. You confirm that the information you give us is true and that you invest your own money.",
  "terms.agreement.p2": "We may update these terms. When we make a material change we will tell you in the app or by email before it takes effect.",
  "terms.privacy.title": "Privacy",
  "terms.privacy.p1":
    "We collect the details you give us (name, email, phone, identity documents for KYC) and records of your wallet, investments and payouts. We use them to run your account, to meet anti-money-laundering and know-your-customer obligations, to prevent fraud and to contact you about your investments.",
  "terms.privacy.p2":
    "We do not sell your personal data. We share it only with service providers who help us run the platform (such as payment providers), with partner farms only as far as needed to administer a batch, and with authorities when the law requires it. You can ask to see, correct or delete your data, subject to the records we must keep by law.",
  "terms.investment.title": "Investment terms",
  "terms.investment.units": "You buy whole units of a batch at its unit price. Your money is held in escrow until the batch is activated and the funds are deployed to the farm.",
  "terms.investment.egg": "{name} run about 17 months and pay monthly from egg sales once the hens are in lay. Egg Notes allow early exit after the first month.",
  "terms.investment.eggName": "Egg Notes",
  "terms.investment.chicken": "{name} run one cycle of about 7-8 weeks and pay principal plus return at harvest. Chicken Notes lock until harvest: they cannot be exited early.",
  "terms.investment.chickenName": "Chicken Notes",
  "terms.investment.exit": "Early exit carries a 3-7% administrative fee on the value exited and is subject to buyer availability: your units are sold only when another investor buys them.",
  "terms.investment.estimates": "Expected ROI figures are estimates. Capital and returns are not guaranteed.",
  "terms.security.title": "Security and compliance",
  "terms.security.p1":
    "Investor funds are ring-fenced and kept apart from Akoko's own money. Passwords are stored only as salted hashes and sessions can be ended at any time by logging out. We verify the identity of investors before withdrawals and may ask for more information to meet anti-money-laundering rules. Payouts may be subject to withholding tax where the law requires it.",
  "terms.account.title": "Account usage and termination",
  "terms.account.p1":
    "One account per person. Keep your password secret; you are responsible for activity on your account. We may suspend or close an account that gives false information, is used for fraud or breaks these terms. You may close your account at any time: investments already made run to the end of their batch, and your remaining wallet balance is paid out to you.",
  "terms.contact.title": "Contact",
  "terms.contact.p1": "Questions about these terms or your data? Use the {form}; support replies within 24 hours.",
  "terms.contact.form": "contact form",
} as const;
