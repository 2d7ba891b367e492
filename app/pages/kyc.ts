/** What the KYC page says. */
export const KYC_DEMO_CONFIRMATION = "Demo only: your details passed our checks, but nothing was stored and no verification took place.";
