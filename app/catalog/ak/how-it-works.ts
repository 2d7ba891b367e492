import type { guide as englishGuide, howItWorks as english } from "~/catalog/en/how-it-works";
import type { TwiTexts } from "~/catalog/ak/types";

/** The How It Works page, in Twi. */
export const howItWorks: TwiTexts<typeof english> = {
  "howItWorks.intro": "{brand} ma wo kwan ma wotɔ nkokɔ kuw ampa kyɛfa wɔ nkokɔ afuo so wɔ Ghana. Wo na woyi nkokɔ kuw no, nkokɔ afuo no yɛn nkokɔ no, na wo kyɛfa mfasoɔ kɔ wo sika kotoku mu.",
  "howItWorks.createAccount": "Bue akawnt",
  "howItWorks.estimate": "Bu wo mfasoɔ",
  "howItWorks.stats.broiler": "Nkokɔ nam nkokɔ kuw",
  "howItWorks.stats.layer": "Nkesua nkokɔ kuw",
  "howItWorks.stats.liveTracking": "hwɛ no seesei ara",
  "howItWorks.stats.always": "24/7",
  "howItWorks.compare.title": "Egg Note anaa Chicken Note?",
  "howItWorks.compare.feature": "Biribi",
  "howItWorks.compare.egg": "Egg Note",
  "howItWorks.compare.chicken": "Chicken Note",
  "howItWorks.compare.birds": "Nkokɔ",
  "howItWorks.compare.birds.egg": "Akokɔbere a ɔto nkesua",
  "howItWorks.compare.birds.chicken": "Nkokɔ a wɔyɛn ma nam",
  "howItWorks.compare.term": "Bere tenten",
  "howItWorks.compare.term.egg": "Bɛyɛ bosome 17: bosome 2 a wɔtete wɔn + bosome 15 a wɔto nkesua",
  "howItWorks.compare.term.chicken": "Bɛyɛ nnawɔtwe 7-8 kyinhyia biara",
  "howItWorks.compare.roi": "ROI a yɛhwɛ kwan",
  "howItWorks.compare.roi.egg": "Bosome biara",
  "howItWorks.compare.roi.chicken": "Kyinhyia biara",
  "howItWorks.compare.payouts": "Akatua",
  "howItWorks.compare.payouts.egg": "Bosome biara fi nkesua a wɔtɔn mu, bere a wɔafi ase ato",
  "howItWorks.compare.payouts.chicken": "Sika mua wɔ otwa bere; wobɛtumi de ahyɛ mu bio ankasa",
  "howItWorks.compare.exit": "Fi mu ntɛm",
  "howItWorks.compare.exit.egg": "Bosome a edi kan akyi, ɛka 3-7%, sɛ yɛnya obi a ɔbɛtɔ a",
  "howItWorks.compare.exit.chicken": "Wontumi mfi mu kosi otwa bere",
  "howItWorks.compare.seeEggs": "Hwɛ Egg Notes",
  "howItWorks.compare.seeChicken": "Hwɛ Chicken Notes",
  "howItWorks.steps.title": "Anammɔn nson: efi akawnt so kosi akatua",
  "howItWorks.step.signUp.title": "Kyerɛw wo din na ma yɛnhwɛ wo",
  "howItWorks.step.signUp.text": "Bue wo akawnt, na wie KYC: wo ID ne wo ankasa mfonini (selfie).",
  "howItWorks.step.fund.title": "Fa sika gu wo sika kotoku mu",
  "howItWorks.step.fund.text": "Fa sidi to mu denam mobile money anaa bank so.",
  "howItWorks.step.select.title": "Yi nkokɔ kuw",
  "howItWorks.step.select.text": "Toto Egg Notes ne Chicken Notes a efi nkokɔ afuo a yɛahwehwɛ mu so ho.",
  "howItWorks.step.invest.title": "Fa sika hyɛ mu",
  "howItWorks.step.invest.text": "Tɔ kyɛfa mua; sika no da nkokɔ kuw no sika sie mu kosi sɛ yɛde bɛkɔ nkokɔ afuo no so.",
  "howItWorks.step.track.title": "Hwɛ sɛnea ɛrekɔ",
  "howItWorks.step.track.text": "Hwɛ nkesua a wɔto anaa aduane a wɔdi, wɔn mu duru, nkokɔ a wɔawuwu, da biara nsɛm ne mfoninii.",
  "howItWorks.step.payouts.title": "Nya akatua",
  "howItWorks.step.payouts.text": "Nkesua: bosome biara; nkokɔ nam: otwa bere. Yɛhwɛ mu wie a, ɛkɔ wo sika kotoku mu.",
  "howItWorks.step.withdraw.title": "Yi sika anaa fa hyɛ mu bio",
  "howItWorks.step.withdraw.text": "Yi sika kɔ mobile money anaa bank so, anaa fa hyɛ nkokɔ kuw a edi hɔ mu.",
  "howItWorks.shows.title": "Nea nkokɔ kuw biara kyerɛ",
  "howItWorks.shows.price": "Kyɛfa bo wɔ GHS mu",
  "howItWorks.shows.roi": "ROI a yɛhwɛ kwan (nkesua: bosome biara; nkokɔ nam: kyinhyia biara)",
  "howItWorks.shows.fcr": "FCR (aduane a wɔdi ne nam a wɔnya) anaa nkesua a wɔto",
  "howItWorks.shows.mortality": "Nkokɔ a wɔawuwu ne nsɛm a asisi",
  "howItWorks.security.title": "Ahobammɔ ne asiane",
  "howItWorks.security.escrow": "Sika no da sika sie mu nkoa kosi sɛ yɛde bɛkɔ nkokɔ afuo no so.",
  "howItWorks.security.vetted": "Nkokɔ afuo a yɛahwehwɛ mu, a wɔbɔ paane na wɔne mmoa dɔkta yɛ adwuma.",
  "howItWorks.security.reserves": "Sika a wɔasie ama adwuma no ne insurance, baabi a ɛbɛyɛ yiye.",
  "howItWorks.security.capital": "Yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba: kenkan {link}.",
  "howItWorks.security.risk": "Asiane ho nkaeɛ",
  "howItWorks.guide.title": "Akwankyerɛ a ɛkɔ akyiri",
  "howItWorks.calculator": "Mfasoɔ akontaabuo",
  "howItWorks.faq.title": "Nsɛm a wɔtaa bisa",
  "howItWorks.help.title": "Wohia mmoa?",
  "howItWorks.help.body": "Yɛbua wo wɔ nnɔnhwere 24 mu.",
  "howItWorks.help.contact": "Frɛ yɛn",
  "howItWorks.help.faq": "Kenkan nsɛmmisa no",
};

/** The How It Works guide shown when the stored one is empty, in Twi. */
export const guide: TwiTexts<typeof englishGuide> = {
  "guide.fallback": `## Akwankyerɛ no tiawa

1. **Kyerɛw wo din na ma yɛnhwɛ wo.** Bue akawnt, na wie KYC: aban ID ne wo ankasa mfonini (selfie).
2. **Fa sika gu wo sika kotoku mu** denam mobile money anaa bank so.
3. **Yi nkokɔ kuw.** Nkokɔ kuw biara krataafa kyerɛ kyɛfa bo, ROI a yɛhwɛ kwan, nkokɔ aduane ka ne nkokɔ a wɔawuwu.
4. **Fa sika hyɛ mu**: tɔ kyɛfa mua. Wo sika da sika sie mu kosi sɛ yɛde bɛkɔ nkokɔ afuo no so.
5. **Hwɛ na nya akatua.** Egg Notes tua bosome biara bere a nkokɔ no reto nkesua; Chicken Notes tua otwa bere.
6. **Yi sika anaa fa hyɛ mu bio**: kɔ mobile money, bank akawnt, anaa nkokɔ kuw a ɛbɛbue a edi hɔ mu.

> Mfasoɔ no yɛ akontaabuo, ɛnyɛ bɔhyɛ. Kenkan [Asiane ho nkaeɛ]({riskPath}) ansa na wode sika ahyɛ mu.
`,
  "guide.loadFailed": "Yɛantumi ankyerɛ krataafa no mu nsɛm. San bɔ mmɔden bio.",
};
