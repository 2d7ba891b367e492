import type { terms as english } from "~/catalog/en/terms";
import type { TwiTexts } from "~/catalog/ak/types";

/** The Terms & Privacy page, in Twi. */
export const terms: TwiTexts<typeof english> = {
  "terms.title": "Mmara ne wo kokoam nsɛm",
  "terms.updated": "Yɛsesaa no bio 2025-09-03",
  "terms.intro": "Saa mmara yi fa obiara a ɔde Akoko di dwuma ho. Sɛ wobue akawnt a, na wopene so. Yɛsrɛ wo, kenkan {risk} nso.",
  "terms.intro.risk": "Asiane ho nkaeɛ",
  "terms.onThisPage": "Krataafa yi so",
  "terms.agreement.title": "Yɛn ne wo apam",
  "terms.agreement.p1":
    "Akoko yɛ baabi a wobɛtumi atɔ nkokɔ kuw a yɛn nkokɔ afuo wɔ Ghana yɛn wɔn no kyɛfa, na woanya akatua wɔ sika kotoku a ɛwɔ Ghana sidi (GHS) mu. Ɛsɛ sɛ woadi mfeɛ 18 anaa nea ɛboro saa, na mmara ma wo kwan sɛ wohyɛ apam, ansa na wode adi dwuma. Wopene so sɛ nsɛm a wode ma yɛn no yɛ nokware, na sika a wode hyɛ mu no yɛ w'ankasa wo dea.",
  "terms.agreement.p2": "Yɛbɛtumi asesa saa mmara yi. Sɛ yɛsesa biribi a ɛho hia a, yɛbɛka akyerɛ wo wɔ app no mu anaa email so ansa na ayɛ adwuma.",
  "terms.privacy.title": "Wo kokoam nsɛm",
  "terms.privacy.p1":
    "Yɛgye nsɛm a wode ma yɛn (wo din, email, fon, wo ho nkrataa ma KYC) ne wo sika kotoku, sika a wode ahyɛ mu ne w'akatua ho akontaa. Yɛde di wo akawnt no dwuma, yɛde di sika a wɔhohoro ho mmara ne KYC ho mmara so, yɛde siw nnaadaa ano, na yɛde ka wo sikahyɛ ho nsɛm kyerɛ wo.",
  "terms.privacy.p2":
    "Yɛntɔn wo nsɛm. Yɛde ma wɔn a wɔboa yɛn ma adwuma no kɔ so (te sɛ wɔn a wɔboa ma wotua sika) nkoa, nkokɔ afuo nso deɛ nea ɛho hia ma nkokɔ kuw no nkoa, ne aban mpanin bere a mmara hwehwɛ. Wobɛtumi abisa sɛ wopɛ sɛ wohwɛ wo nsɛm, wosiesie, anaa woyi fi hɔ, gye akontaa a mmara hwehwɛ sɛ yɛkora.",
  "terms.investment.title": "Sikahyɛ ho mmara",
  "terms.investment.units": "Wotɔ nkokɔ kuw kyɛfa mua wɔ ne kyɛfa bo so. Wo sika da sika sie mu kosi sɛ nkokɔ kuw no befi ase, na yɛde sika no akɔ nkokɔ afuo no so.",
  "terms.investment.egg": "{name} kyɛ bɛyɛ bosome 17, na ɛtua bosome biara fi nkesua a wɔtɔn mu bere a nkokɔ no reto nkesua. Egg Notes ma wo kwan ma wofi mu ntɛm bosome a edi kan akyi.",
  "terms.investment.eggName": "Egg Notes",
  "terms.investment.chicken": "{name} kyɛ kyinhyia baako, bɛyɛ nnawɔtwe 7-8, na ɛtua sika titiriw ne mfasoɔ wɔ otwa bere. Chicken Notes deɛ, wontumi mfi mu ntɛm kosi otwa bere.",
  "terms.investment.chickenName": "Chicken Notes",
  "terms.investment.exit": "Fi mu ntɛm wɔ ɛka 3-7% wɔ sika a wode fi mu no so, na ɛgyina sɛ yɛbɛnya obi a ɔbɛtɔ: yɛtɔn wo kyɛfa bere a sikahyɛfoɔ foforɔ tɔ nkoa.",
  "terms.investment.estimates": "ROI a yɛhwɛ kwan no yɛ akontaabuo. Yɛnhyɛ bɔ sɛ wo sika titiriw anaa mfasoɔ bɛsan aba.",
  "terms.security.title": "Ahobammɔ ne mmara a yɛdi so",
  "terms.security.p1":
    "Sikahyɛfoɔ sika da nkoa, ɛne Akoko ankasa sika mfrafra. Yɛnkora password ankasa, yɛkora ne hash a yɛde nkyene afra nkoa, na wobɛtumi afi mu bere biara de agyae session. Yɛhwɛ sikahyɛfoɔ ho ansa na wɔayi sika, na yɛbɛtumi abisa nsɛm foforɔ na ama yɛadi sika a wɔhohoro ho mmara so. Baabi a mmara hwehwɛ no, yɛtwa towa fi akatua mu.",
  "terms.account.title": "Sɛnea wode akawnt di dwuma ne sɛnea ɛba awieeɛ",
  "terms.account.p1":
    "Onipa baako, akawnt baako. Fa wo password sie; wo na wobɛbu nea ɛkɔ so wɔ w'akawnt mu ho akontaa. Yɛbɛtumi agyina akawnt bi so anaa yɛato mu sɛ ɛde nsɛm a ɛnyɛ nokware ma, wɔde yɛ nnaadaa, anaa ebu saa mmara yi so. Wobɛtumi ato w'akawnt mu bere biara: sika a woahyɛ mu dada no kɔ so kosi ne nkokɔ kuw awieeɛ, na sika a aka wɔ wo sika kotoku mu no, yɛtua ma wo.",
  "terms.contact.title": "Frɛ yɛn",
  "terms.contact.p1": "Wowɔ asɛmmisa fa saa mmara yi anaa wo nsɛm ho? Fa {form} no; yɛbua wo wɔ nnɔnhwere 24 mu.",
  "terms.contact.form": "nkra krataa",
};
