/** The Risk Disclosure page. */
export const risk = {
  "risk.title": "Risk Disclosure",
  "risk.intro":
    "Investing in poultry batches is investing in a real farm business. {strong} You can lose part or all of the money you invest, and past or expected returns do not promise future returns. Please read this page before you invest.",
  "risk.intro.strong": "Capital is not guaranteed.",
  "risk.onThisPage": "On this page",
  "risk.market.title": "Market price volatility",
  "risk.market.p1":
    "Egg and broiler prices in Ghana move with the seasons, festive demand, imports of frozen chicken and the cedi exchange rate. A crate of eggs has sold for anywhere between roughly GH₵55.00 and GH₵80.00 in recent years.",
  "risk.market.p2": "When farm-gate prices fall, the income of a batch falls with them. Expected ROI figures assume prices close to recent averages; they are estimates, not promises.",
  "risk.feed.title": "Feed and input costs",
  "risk.feed.p1":
    "Feed is 60-70% of the cost of producing eggs and broilers. Maize and soya prices can rise sharply after a poor harvest or when the cedi weakens, and medicines, vaccines, day-old chicks and energy cost more in the same conditions.",
  "risk.feed.p2": "Higher input costs reduce the margin a batch earns and therefore the payouts to investors.",
  "risk.biological.title": "Biological and disease risk",
  "risk.biological.p1":
    "Birds can fall ill or die. Outbreaks such as Newcastle disease, Gumboro or avian influenza can cut a flock's output or force it to be culled, and heat stress lowers lay rates and growth.",
  "risk.biological.p2": "Normal mortality is expected (about 5-10% for layers over the laying cycle, about 3-6% for broilers over a cycle), but a bad flock can lose far more.",
  "risk.operational.title": "Operational and management risk",
  "risk.operational.p1":
    "Results depend on the farm's people and equipment: feeding and water routines, biosecurity, record keeping, power and transport. Mistakes, theft, fire or a failed supplier can reduce output.",
  "risk.operational.p2": "Figures in batch reports come from farm records and our checks; they can contain errors and are corrected when found.",
  "risk.insurance.title": "Insurance and reserve limits",
  "risk.insurance.p1": "Farms keep operating reserves and insurance where possible, but livestock insurance in Ghana is limited and does not cover every loss. Reserves can run out in a severe event.",
  "risk.insurance.p2": "Neither insurance nor reserves guarantee your capital or your returns.",
  "risk.liquidity.title": "Liquidity and early exit",
  "risk.liquidity.p1":
    "Your money is committed for the life of a batch. Egg Notes may be offered for early exit after the first month, for a 3-7% administrative fee, and only when another investor buys the units. Chicken Notes are locked until harvest.",
  "risk.liquidity.p2": "You may not be able to get your money out when you want it. Only invest money you can leave in place for the full term.",
  "risk.regulatory.title": "Regulatory and force majeure",
  "risk.regulatory.p1":
    "Changes in law, tax (interest and dividends to residents have carried an 8% withholding tax), import rules or animal-health orders can affect a batch. So can events outside anyone's control: floods, drought, fire, civil unrest, pandemics or movement restrictions.",
  "risk.regulatory.p2": "In such events payouts may be delayed, reduced or lost.",
  "risk.mitigation.title": "How we reduce these risks",
  "risk.mitigation.1": "Vetted partner farms, visited before they list a batch, with vaccination schedules and vet partnerships.",
  "risk.mitigation.2": "Funds ring-fenced and held in escrow until they are deployed to the farm.",
  "risk.mitigation.3": "Transparent reporting: lay rate or feed conversion ratio, weights, mortality, daily logs, photos and incident reports.",
  "risk.mitigation.4": "Operating reserves and insurance where possible.",
  "risk.mitigation.5": "Payouts automated to your wallet only after the farm's figures are verified.",
  "risk.mitigation.6": "Spreading your money across several batches, farms and both products lowers the effect of any one loss.",
  "risk.questions": "Questions? Read the {faq}, the {terms}, or {contact}.",
  "risk.questions.faq": "FAQ",
  "risk.questions.terms": "Terms & Privacy",
  "risk.questions.contact": "contact us",
} as const;
