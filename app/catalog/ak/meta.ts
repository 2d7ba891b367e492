import type { meta as english } from "~/catalog/en/meta";
import type { TwiTexts } from "~/catalog/ak/types";

/** Page titles and descriptions, in Twi. */
export const meta: TwiTexts<typeof english> = {
  "meta.home.title": "Fa sika hyɛ nkokɔ afuo mu wɔ Ghana",
  "meta.home.description": "Tɔ nkesua ne nkokɔ nam nkokɔ kuw kyɛfa wɔ Ghana nkokɔ afuo a yɛahwehwɛ mu so, hwɛ nkokɔ no, na nya akatua wɔ wo GHS sika kotoku mu.",
  "meta.howItWorks.title": "Sɛnea ɛyɛ adwuma",
  "meta.howItWorks.description": "Sɛnea Akoko yɛ adwuma: bue akawnt, fa sika gu wo sika kotoku mu, tɔ nkesua anaa nkokɔ nam nkokɔ kuw kyɛfa, hwɛ nkokɔ afuo no, na nya akatua wɔ sidi mu.",
  "meta.login.title": "Wura mu",
  "meta.login.description": "Wura wo {brand} akawnt mu na hwɛ wo sika kotoku, sika a wode ahyɛ mu ne wo akatua.",
  "meta.loginCode.title": "Kɔd a ɛtɔ so mmienu",
  "meta.loginCode.description": "Kyerɛw kɔd a ɛwɔ wo authenticator app mu na wie wura mu no.",
  "meta.register.title": "Bue wo akawnt",
  "meta.register.description": "Bue {brand} akawnt kwa na fa sika hyɛ Egg Notes ne Chicken Notes a efi Ghana nkokɔ afuo so mu.",
  "meta.resetRequest.title": "Yɛ wo password foforɔ",
  "meta.resetRequest.description": "Bisa link a wode bɛyɛ {brand} password foforɔ.",
  "meta.resetLink.title": "Yi password foforɔ",
  "meta.resetLink.description": "Yɛ password foforɔ ma wo {brand} akawnt.",
  "meta.resetCode.title": "Fa SMS kɔd no yɛ foforɔ",
  "meta.resetCode.description": "Fa kɔd a yɛde kɔmaa wo fon a woasi so dua no yɛ {brand} password foforɔ.",
  "meta.confirmEmail.title": "Si wo email address so dua",
  "meta.confirmEmail.description": "Si wo {brand} akawnt email address so dua.",
  "meta.unsubscribe.title": "Gyae email no",
  "meta.unsubscribe.description": "Gyae email bi a {brand} de mena wo.",
  "meta.contact.title": "Frɛ yɛn",
  "meta.contact.description": "Bisa {brand} adwumayɛfoɔ wo akawnt, nkokɔ kuw anaa akatua ho asɛm. Yɛbua wo wɔ nnɔnhwere 24 mu.",
  "meta.faq.title": "Nsɛmmisa",
  "meta.faq.description": "Mmuaeɛ fa Akoko akawnt ne KYC, Egg Notes ne Chicken Notes, akatua ne mfasoɔ, ahobammɔ ne asiane, ne mmoa ho.",
  "meta.risk.title": "Asiane ho nkaeɛ",
  "meta.risk.description": "Asiane a ɛwɔ sika a wode hyɛ nkokɔ kuw mu wɔ Akoko: nneɛma bo, nkokɔ aduane ka, yadeɛ, adwuma mu nsɛm, insurance ano, sika a wobɛyi ntɛm ne mmara, ne sɛnea yɛtew so.",
  "meta.terms.title": "Mmara ne wo kokoam nsɛm",
  "meta.terms.description": "Akoko mmara a wode di dwuma, sɛnea yɛhwɛ wo kokoam nsɛm so, sikahyɛ mmara, ahobammɔ, sɛnea wode akawnt di dwuma ne sɛnea ɛba awieeɛ, ne sɛnea wobɛfrɛ yɛn.",
};
