import type { confirmEmail as englishConfirm, contact as englishContact, unsubscribe as englishUnsubscribe } from "~/catalog/en/email-links";
import type { TwiTexts } from "~/catalog/ak/types";

/** Confirming an email address, in Twi. */
export const confirmEmail: TwiTexts<typeof englishConfirm> = {
  "confirmEmail.title": "Si wo email address so dua",
  "confirmEmail.confirmed": "Woasi wo email address so dua.",
  "confirmEmail.expired": "Link yi bere atwam anaa wɔde adi dwuma dada. Bisa foforɔ wɔ w'akawnt krataafa so.",
  "confirmEmail.choose": "Yi nea wopɛ sɛ wonya",
  "confirmEmail.ask": "Mia bɔtɔn no na si so dua sɛ email address yi yɛ wo dea.",
  "confirmEmail.submit": "Si me email so dua",
  "confirmEmail.account": "Kɔ w'akawnt so",
};

/** Unsubscribing, in Twi. */
export const unsubscribe: TwiTexts<typeof englishUnsubscribe> = {
  "unsubscribe.title": "Gyae email no",
  "unsubscribe.category.payouts": "akatua",
  "unsubscribe.category.money": "sika a wode to mu ne sika a woyi",
  "unsubscribe.category.exits": "fi mu ntɛm",
  "unsubscribe.category.news": "nsɛm foforɔ",
  "unsubscribe.done": "Worennya email a ɛfa {category} ho bio. Ahobammɔ nkra deɛ, ɛbɛba ara. Wobɛtumi asesa yei wɔ w'akawnt krataafa so.",
  "unsubscribe.ask": "Gyae email a ɛfa {category} ho?",
  "unsubscribe.submit": "Gyae email no",
  "unsubscribe.invalid": "Link yi nyɛ adwuma. Yi nea wopɛ sɛ wonya wɔ w'akawnt krataafa so.",
  "unsubscribe.choose": "Yi nea wopɛ sɛ wonya",
};

/** The contact page, in Twi. */
export const contact: TwiTexts<typeof englishContact> = {
  "contact.title": "Frɛ yɛn",
  "contact.intro": "Wowɔ asɛmmisa fa w'akawnt, nkokɔ kuw anaa akatua ho? Kyerɛw yɛn na yɛbɛbua wo wɔ nnɔnhwere 24 mu. Mmuaeɛ pii wɔ {faq} no mu dada.",
  "contact.faq": "Nsɛmmisa",
  "contact.sent": "Yɛda wo ase: yɛanya wo nkra. Yɛbua wo wɔ nnɔnhwere 24 mu.",
  "contact.another": "Wobɛtumi akyerɛw nkra foforɔ wɔ ase ha.",
  "contact.tooMany": "Nkra pii dodo afi wo intanɛt so. Yɛsrɛ wo, san bɔ mmɔden akyire yi.",
  "contact.name": "Din",
  "contact.email": "Email",
  "contact.subject": "Asɛm ti",
  "contact.message": "Nkra",
  "contact.submit": "Fa nkra no kɔ",
  "contact.busy": "Ɛrekɔ…",
};
