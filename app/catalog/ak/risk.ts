import type { risk as english } from "~/catalog/en/risk";
import type { TwiTexts } from "~/catalog/ak/types";

/** The Risk Disclosure page, in Twi. */
export const risk: TwiTexts<typeof english> = {
  "risk.title": "Asiane ho nkaeɛ",
  "risk.intro":
    "Sika a wode hyɛ nkokɔ kuw mu yɛ sika a wode hyɛ nkokɔ afuo adwuma ampa mu. {strong} Wo sika no fa anaa ne nyinaa bɛtumi ayera, na mfasoɔ a atwam anaa nea yɛhwɛ kwan nhyɛ bɔ sɛ saa ara na ɛbɛyɛ daakye. Yɛsrɛ wo, kenkan krataafa yi ansa na wode sika ahyɛ mu.",
  "risk.intro.strong": "Yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba.",
  "risk.onThisPage": "Krataafa yi so",
  "risk.market.title": "Gua so bo a ɛsesa",
  "risk.market.p1": "Ghana, nkesua ne nkokɔ nam bo sesa ne bere, afahyɛ bere, nkokɔ a wɔde fi amannɔne aba ne sidi bo. Mfeɛ kakra a atwam yi, wɔtɔn nkesua kyɛnsee baako bɛyɛ GH₵55.00 kosi GH₵80.00.",
  "risk.market.p2": "Sɛ nkokɔ afuo so bo te a, nkokɔ kuw no mfasoɔ nso te. ROI a yɛhwɛ kwan no gyina bo a ɛbɛn nnansa yi de so; ɛyɛ akontaabuo, ɛnyɛ bɔhyɛ.",
  "risk.feed.title": "Nkokɔ aduane ne nneɛma foforɔ ka",
  "risk.feed.p1":
    "Nkokɔ aduane yɛ ka a wɔbɔ wɔ nkesua ne nkokɔ nam so no 60-70%. Sɛ aburoo ne soya otwa anyɛ yiye, anaa sidi bo te a, wɔn bo kɔ soro ntɛm; saa bere no ara nso nnuro, paane, nkokɔba ne anyinam ahoɔden bo kɔ soro.",
  "risk.feed.p2": "Sɛ ka no kɔ soro a, mfasoɔ a nkokɔ kuw no nya so tew, na sikahyɛfoɔ akatua nso so tew.",
  "risk.biological.title": "Nkokɔ yadeɛ ne owuo ho asiane",
  "risk.biological.p1":
    "Nkokɔ bɛtumi ayare anaa awuwu. Yadeɛ te sɛ Newcastle, Gumboro anaa nkokɔ atiridii (avian influenza) bɛtumi ama nkokɔ no nnya pii anaa ama wɔakum wɔn nyinaa, na ɔhyeɛ ma wɔto nkesua kakra na wɔnyin brɛoo.",
  "risk.biological.p2":
    "Yɛhwɛ kwan sɛ nkokɔ bi bɛwuwu (bɛyɛ 5-10% ma akokɔbere a ɔto nkesua wɔ bere a wɔto nyinaa mu, bɛyɛ 3-6% ma nkokɔ nam kyinhyia biara), nanso nkokɔ kuw a ɛnyɛ yiye bɛtumi ahwere pii sen saa.",
  "risk.operational.title": "Adwuma ne nhwɛsoɔ ho asiane",
  "risk.operational.p1":
    "Nea efi mu ba gyina nkokɔ afuo no so nnipa ne nnwinneɛma so: aduane ne nsuo a wɔma, yadeɛ ho ahobammɔ, akontaa a wɔkyerɛw, anyinam ahoɔden ne akwantuo. Mfomsoɔ, korɔno, ogya anaa obi a ɔde nneɛma brɛ no a ɔantumi bɛtumi ama nea efi mu ba so atew.",
  "risk.operational.p2": "Akontaa a ɛwɔ nkokɔ kuw nkrataa mu fi nkokɔ afuo no akontaa ne yɛn nhwehwɛmu; mfomsoɔ bɛtumi aba mu, na sɛ yɛhu a yɛsiesie.",
  "risk.insurance.title": "Insurance ne sika a wɔasie ano",
  "risk.insurance.p1":
    "Nkokɔ afuo sie sika ma adwuma no ne insurance baabi a ɛbɛyɛ yiye, nanso Ghana mmoa insurance sua, na ɛnkata ɔhwere biara so. Sɛ asɛm kɛseɛ bi si a, sika a wɔasie no bɛtumi asa.",
  "risk.insurance.p2": "Insurance anaa sika a wɔasie nhyɛ bɔ sɛ wo sika titiriw anaa wo mfasoɔ bɛsan aba.",
  "risk.liquidity.title": "Sika a wobɛyi ntɛm ne fi mu ntɛm",
  "risk.liquidity.p1":
    "Wo sika da nkokɔ kuw no mu kosi sɛ ɛbɛba awieeɛ. Bosome a edi kan akyi no, wobɛtumi de Egg Notes ama sɛ wofi mu ntɛm, ɛka yɛ 3-7%, na sɛ sikahyɛfoɔ foforɔ tɔ kyɛfa no nkoa. Chicken Notes deɛ, wontumi mfi mu kosi otwa bere.",
  "risk.liquidity.p2": "Ebia worentumi nnya wo sika bere a wopɛ. Fa sika a wobɛtumi agyae ahyɛ mu bere no nyinaa nkoa.",
  "risk.regulatory.title": "Mmara ne nneɛma a obiara ntumi nsi ano",
  "risk.regulatory.p1":
    "Mmara, towa (mfasoɔ ne dividend a wɔtua ma wɔn a wɔte ha no, wɔtwa 8% towa fi mu), nneɛma a wɔde ba ho mmara anaa mmoa apɔmuden ho ahyɛdeɛ a ɛsesa bɛtumi aka nkokɔ kuw. Nneɛma a obiara ntumi nsi ano nso: nsuyiri, ɔpɛ, ogya, basabasayɛ, ɔyaredɔm anaa akwantuo ho mmara.",
  "risk.regulatory.p2": "Sɛ saa nneɛma yi si a, akatua bɛtumi akyɛ, so atew, anaa ayera.",
  "risk.mitigation.title": "Sɛnea yɛtew asiane yi so",
  "risk.mitigation.1": "Nkokɔ afuo a yɛahwehwɛ mu, a yɛkɔ hɔ ansa na wɔde nkokɔ kuw asi hɔ, a wɔbɔ paane na wɔne mmoa dɔkta yɛ adwuma.",
  "risk.mitigation.2": "Sika no da sika sie mu nkoa kosi sɛ yɛde bɛkɔ nkokɔ afuo no so.",
  "risk.mitigation.3": "Nsɛm a ɛda hɔ pefee: nkesua a wɔto anaa aduane a wɔdi, wɔn mu duru, nkokɔ a wɔawuwu, da biara nsɛm, mfoninii ne asɛm biara a asi.",
  "risk.mitigation.4": "Sika a wɔasie ama adwuma no ne insurance, baabi a ɛbɛyɛ yiye.",
  "risk.mitigation.5": "Akatua kɔ wo sika kotoku mu ankasa, bere a yɛahwɛ nkokɔ afuo no akontaa mu awie nkoa.",
  "risk.mitigation.6": "Sɛ wokyekyɛ wo sika hyɛ nkokɔ kuw ne nkokɔ afuo ahodoɔ ne nneɛma mmienu no nyinaa mu a, ɔhwere baako nyɛ wo den pii.",
  "risk.questions": "Wowɔ asɛmmisa? Kenkan {faq}, {terms}, anaa {contact}.",
  "risk.questions.faq": "Nsɛmmisa",
  "risk.questions.terms": "Mmara ne wo kokoam nsɛm",
  "risk.questions.contact": "frɛ yɛn",
};
