import type { adminMeta as english } from "~/catalog/en/admin-meta";
import type { TwiTexts } from "~/catalog/ak/types";

/** The admin pages' titles and descriptions, in Twi. */
export const adminMeta: TwiTexts<typeof english> = {
  "adminMeta.admin.title": "Ahwɛfoɔ",
  "adminMeta.admin.description": "Akoko ahwɛfoɔ adwuma.",
  "adminMeta.dashboard.title": "Ahwɛfoɔ krataafa titiriw",
  "adminMeta.dashboard.description": "Nkokɔ afuo, nkokɔ kuw, wɔn bere ne akatua.",
  "adminMeta.approvals.title": "Nea ɛhia sɛ wɔpene so",
  "adminMeta.approvals.description": "Ani mmienu: akatua, nkokɔ kuw a wɔto mu anaa wɔpepa, ahwɛfoɔ tumi, sika kɛseɛ a wɔyi ne tua a ɛnhyia a wɔsan de ma twɛn ɔhwɛfoɔ a ɔtɔ so mmienu.",
  "adminMeta.audit.title": "Nea wɔayɛ ho nhoma",
  "adminMeta.audit.description": "Hwan na ɔyɛɛ dɛn, bere bɛn, wɔ nkokɔ kuw bɛn so.",
  "adminMeta.logs.title": "Da biara nsɛm: nkokɔ kuw #{batchId}",
  "adminMeta.logs.description": "Kyerɛw nkokɔ afuo no so da baako nsɛm: nkokɔ, aduane, nkesua anaa mu duru, dan no tebea, nsɛm a asisi ne mfoninii.",
  "adminMeta.remittances.title": "Nkokɔ afuo sika: nkokɔ kuw #{batchId}",
  "adminMeta.remittances.description": "Kyerɛw sika a nkokɔ afuo no de maa nkokɔ kuw ne bere bi, ne ne akontaa krataa.",
  "adminMeta.content.title": "Sesa Sɛnea ɛyɛ adwuma",
  "adminMeta.content.description": "Sɛnea ɛyɛ adwuma krataafa: nsɛm, nsɛmmisa ne nhwɛsoɔ akontaabuo.",
  "adminMeta.exits.title": "Fi mu ntɛm",
  "adminMeta.exits.description": "Sikahyɛfoɔ fi mu ntɛm abisadeɛ, nea ɛretwɛn ne nea awie.",
  "adminMeta.kyc.title": "Nnipa ho nhwehwɛmu",
  "adminMeta.kyc.description": "Hwɛ sikahyɛfoɔ nkrataa mu: pene so, anaa po na ka nea enti.",
  "adminMeta.messages.title": "Nkra a wɔde abrɛ yɛn",
  "adminMeta.messages.description": "Nkra a wɔde Frɛ yɛn krataa no abrɛ yɛn.",
  "adminMeta.outbox.title": "Nkra a ɛrekɔ",
  "adminMeta.outbox.description": "Email ne SMS biara a Akoko de kɔ, ne mpɛn a yɛbɔɔ mmɔden de kɔeɛ.",
  "adminMeta.payments.title": "Sika a ɛba ne ɛkɔ",
  "adminMeta.payments.description": "Sika a wɔde to mu, sika a wɔyi ne tua adwumakuo webhooks: nea akyere, nea ɛho hia nhwehwɛmu anaa nea yɛnnim.",
  "adminMeta.reconciliation.title": "Akontaa nhyiamu",
  "adminMeta.reconciliation.description": "Tua adwumakuo no sika a ɛbaa ne nea ɛkɔɔ da baako, ne akontaa nhoma no ntotoho.",
  "adminMeta.tax.title": "Towa a wɔtwa fi mu",
  "adminMeta.tax.description": "Bosome no towa amanneɛbɔ ma towa adwumakuo no, ne towa a wɔatua.",
};
