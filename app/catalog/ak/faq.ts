import type { faq as english } from "~/catalog/en/faq";
import type { TwiTexts } from "~/catalog/ak/types";

/** The FAQ page, in Twi. */
export const faq: TwiTexts<typeof english> = {
  "faq.title": "Nsɛm a wɔtaa bisa",
  "faq.intro": "Biribiara fa akawnt, sikahyɛ, akatua, asiane ne mmoa ho.",
  "faq.searchLabel": "Hwehwɛ nsɛmmisa no mu",
  "faq.searchHint": "Hwehwɛ (sɛ akatua, ROI, nkokɔ)...",
  "faq.search": "Hwehwɛ",
  "faq.matches": "Nsɛmmisa {count} wɔ {total} mu fa “{query}” ho.",
  "faq.count": "Nsɛmmisa {total}.",
  "faq.empty": "Asɛmmisa biara mfa deɛ wohwehwɛ no ho. Sɔ nsɛmfua foforɔ hwɛ, anaa {contact}",
  "faq.empty.contact": "frɛ yɛn",
  "faq.help.title": "Wohia mmoa bio?",
  "faq.help.body": "Kyerɛw yɛn nkra, na yɛbɛbua wo wɔ nnɔnhwere 24 mu.",
  "faq.help.contact": "Frɛ yɛn",
  "faq.category.account": "Akawnt ne mfiaseɛ",
  "faq.category.investing": "Sikahyɛ",
  "faq.category.payouts": "Akatua ne mfasoɔ",
  "faq.category.security": "Ahobammɔ ne asiane",
  "faq.category.platform": "Akoko ne mmoa",
  "faq.create-account.q": "Mɛyɛ dɛn abue akawnt?",
  "faq.create-account.a": "Mia Fi ase, kyerɛw wo din nyinaa, wo email ne password, na woawura mu. Wobɛtumi akenkan nkokɔ kuw biara ho nsɛm ansa na wode sika biara ato mu.",
  "faq.kyc-documents.q": "Dɛn na mehia na ama moahwɛ me (KYC)?",
  "faq.kyc-documents.a":
    "Aban ID a ɛyɛ adwuma (Ghana Card anaa ECOWAS passport), wo ankasa mfonini (selfie) ne fon a woasi so dua; gyinabea Yɛahwɛ mu yie deɛ, krataa a ɛkyerɛ baabi a wote nso, te sɛ kanea anaa nsuo bill anaa bank krataa a efi bosome 3 a atwam mu. Ɛsɛ sɛ yɛhwɛ wo ansa na woayi sika kan.",
  "faq.kyc-time.q": "Ɛbɛkyɛ ahe ansa na moahwɛ me awie?",
  "faq.kyc-time.a": "Mpɛn pii ɛnnu nnɔnhwere 24. Sɛ yɛhwɛ wo nkrataa no wie ara pɛ a, yɛde email bɛbrɛ wo.",
  "faq.who-can-invest.q": "Hwan na ɔbɛtumi de sika ahyɛ mu?",
  "faq.who-can-invest.a": "Mpanin a wɔadi mfeɛ 18 anaa nea ɛboro saa a wɔte Ghana anaa ECOWAS aman bi mu, a wɔwɔ mobile money anaa bank akawnt wɔ wɔn ankasa din mu.",
  "faq.egg-note.q": "Dɛn ne Egg Note?",
  "faq.egg-note.a":
    "Ɛyɛ akokɔbere a wɔto nkesua kuw bi mu kyɛfa. Ɛkyɛ bɛyɛ bosome 17: bosome 2 a wɔtete wɔn, na bɛyɛ bosome 15 a wɔto nkesua. Sɛ nkokɔ no fi ase to a, wonya bosome biara mfasoɔ fi nkesua a wɔtɔn mu.",
  "faq.chicken-note.q": "Dɛn ne Chicken Note?",
  "faq.chicken-note.a":
    "Ɛyɛ nkokɔ a wɔyɛn ma nam kuw bi mu kyɛfa. Kyinhyia baako kyɛ bɛyɛ nnawɔtwe 6-8, efi akokɔba a wɔawo no nnɛ kosi otwa bere, na wonya wo sika titiriw ne mfasoɔ no mua wɔ otwa bere.",
  "faq.minimum.q": "Sika kakraa bɛn na metumi de ahyɛ mu?",
  "faq.minimum.a": "Kyɛfa baako. Nkokɔ kuw biara wɔ ne kyɛfa bo: mpɛn pii GH₵50.00 kyɛfa baako ma Egg Notes ne GH₵100.00 kyɛfa baako ma Chicken Notes.",
  "faq.early-exit.q": "Metumi afi mu ansa na nkokɔ kuw no aba awieeɛ?",
  "faq.early-exit.a":
    "Bosome a edi kan akyi no, wobɛtumi de Egg Notes ama sɛ wopɛ sɛ wofi mu ntɛm: ka kyerɛ yɛn nnansa kan, ɛka yɛ 3-7%, na ɛsɛ sɛ sikahyɛfoɔ foforɔ tɔ wo kyɛfa no. Chicken Notes deɛ, wontumi mfi mu kosi otwa bere. Yɛreyɛ gua a sikahyɛfoɔ bɛtumi atɔn atɔ nkrataa no.",
  "faq.returns.q": "Mfasoɔ bɛn na menhwɛ kwan?",
  "faq.returns.a":
    "Egg Notes de bɛyɛ 10-14% ama afe biara, na Chicken Notes de bɛyɛ 8-12% ama kyinhyia biara. Nkokɔ kuw biara kyerɛ ne ROI a yɛhwɛ kwan. Ɛyɛ akontaabuo, ɛnyɛ bɔhyɛ: mfasoɔ no bɛtumi asua, na yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba.",
  "faq.payout-timing.q": "Bere bɛn na wɔtua akatua?",
  "faq.payout-timing.a":
    "Egg Notes tua bosome biara bere a nkokɔ no reto nkesua; Chicken Notes tua sika mua wɔ otwa bere. Yɛhwɛ nkokɔ afuo no akontaa mu wie a, akatua no kɔ wo sika kotoku mu ankasa.",
  "faq.auto-reinvest.q": "Metumi ama m'akatua akɔ mu bio ankasa?",
  "faq.auto-reinvest.a": "Aane. Sɛ wobue auto-reinvest a, wo Chicken Note sika no tɔ nkokɔ kuw a ɛbɛbue a edi hɔ no kyɛfa; sika a ɛnnu kyɛfa mua no ka wo sika kotoku mu.",
  "faq.withdraw.q": "Mɛyɛ dɛn ayi me sika?",
  "faq.withdraw.a": "Yi sika biara a ɛwɔ wo sika kotoku mu a wode nhyɛɛ mu kɔ mobile money (MTN MoMo, Telecel Cash, AT Money) anaa bank akawnt a ɛwɔ wo din mu so.",
  "faq.guaranteed.q": "Wɔhyɛ bɔ sɛ me sika titiriw bɛsan aba?",
  "faq.guaranteed.a":
    "Daabi. Nkokɔ yɛn wɔ asiane ampa: yadeɛ, nkokɔ aduane bo ne gua so bo bɛtumi ama mfasoɔ anaa sika titiriw no so atew. Kenkan Asiane ho nkaeɛ ansa na wode sika ahyɛ mu, na fa sika a wobɛtumi agyae ahyɛ mu nkoa.",
  "faq.tax.q": "Wɔtwa towa fi m'akatua mu?",
  "faq.tax.a":
    "Aane. Ghana towa a wɔtwa fi mu, {rate}%, yɛtwa fi wo mfasoɔ mu (bosome biara nkesua mfasoɔ, otwa bere mfasoɔ) ansa na aduru wo sika kotoku mu, na yɛde tua towa adwumakuo no ma wo; yɛntwa towa mfi wo sika titiriw mu da. Nkrataafa no kyerɛ mfasoɔ a wɔatwa towa akyi, na sika ansa na wɔatwa towa ne towa no wɔ hɔ a wobɛmia so ahunu, na wo sikasɛm so wɔ bosome biara towa ho krataa.",
  "faq.tax.aNone":
    "Seesei deɛ, daabi: yɛntwa towa biara, enti wo mfasoɔ nyinaa ba wo sika kotoku mu, na yɛntwa towa mfi wo sika titiriw mu da. Sɛ towa a wɔtwa fi mu ba a, yɛtwa fi mfasoɔ mu ansa na aduru wo sika kotoku mu, na akatua biara kyerɛ.",
  "faq.funds-protection.q": "Mobɛbɔ me sika ho ban dɛn?",
  "faq.funds-protection.a":
    "Sikahyɛfoɔ sika da sika sie mu nkoa kosi sɛ yɛde bɛkɔ nkokɔ afuo no so. Nkokɔ afuo no sie sika ma adwuma no ne insurance baabi a ɛbɛyɛ yiye, na sika biara a ɛkɔ anaa ɛba no, yɛkyerɛw wɔ wo sika kotoku abakɔsɛm mu.",
  "faq.farm-vetting.q": "Mobɛyɛ dɛn ayi nkokɔ afuo na moahwɛ wɔn so?",
  "faq.farm-vetting.a":
    "Yɛne nkokɔ afuo a yɛahwehwɛ mu, a wɔbɔ paane bere a ɛsɛ mu na wɔne mmoa dɔkta yɛ adwuma na ɛyɛ adwuma. Nkokɔ kuw biara kyerɛ nkesua a wɔto anaa aduane a wɔdi, wɔn mu duru, nkokɔ a wɔawuwu, da biara nsɛm, mfoninii ne asɛm biara a asi.",
  "faq.fund-wallet.q": "Mɛyɛ dɛn de sika agu me sika kotoku mu?",
  "faq.fund-wallet.a":
    "Denam mobile money anaa bank so. Mobile money sika ba ntɛm ara; bank sika bɛtumi akyɛ nnɔnhwere 24. Wɔ nhwɛsoɔ yi mu, sika a wode to mu nyɛ ampa, na sika ampa biara nkɔ baabiara.",
  "faq.tracking.q": "Mɛyɛ dɛn ahwɛ me nkokɔ kuw?",
  "faq.tracking.a": "Wo sikasɛm krataafa kyerɛ sika biara a wode ahyɛ mu, ne tebea ne n'akatua, na nkokɔ kuw biara krataafa kyerɛ nkokɔ afuo no akontaa foforɔ: wobɛtumi ahwɛ wɔ wo fon so 24/7.",
  "faq.support.q": "Mɛyɛ dɛn afrɛ mmoafoɔ?",
  "faq.support.a": "Kyerɛw yɛn nkra wɔ Frɛ yɛn krataafa no so. Yɛbua wo wɔ nnɔnhwere 24 mu.",
};
