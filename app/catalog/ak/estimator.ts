import type { estimator as english } from "~/catalog/en/estimator";
import type { TwiTexts } from "~/catalog/ak/types";

/** The quick estimator and the returns calculator, in Twi. */
export const estimator: TwiTexts<typeof english> = {
  "estimator.product": "Deɛ wopɛ",
  "estimator.product.CHICKEN": "Chicken Note (kyinhyia biara)",
  "estimator.product.EGG": "Egg Note (bosome biara ROI)",
  "estimator.units": "Kyɛfa",
  "estimator.unitPrice": "Kyɛfa bo (GHS)",
  "estimator.roi.EGG": "ROI a yɛhwɛ kwan bosome biara (0.03 = 3%)",
  "estimator.roi.CHICKEN": "ROI a yɛhwɛ kwan kyinhyia biara (0.12 = 12%)",
  "estimator.calculate": "Bu",
  "estimator.principal": "Sika titiriw",
  "estimator.return": "Mfasoɔ",
  "estimator.basis.EGG": "(bosome 12 nhwɛsoɔ)",
  "estimator.basis.CHICKEN": "(kyinhyia biara)",
  "estimator.total": "Ne nyinaa",
  "estimator.beforeTax": "Ansa na wɔatwa towa",
  "estimator.afterTax": "Wɔatwa towa a wɔtwa fi mu akyi",
  "estimator.taxWithheld": "Towa a wɔtwa fi mu ({rate}% wɔ mfasoɔ no so)",
  "estimator.note.EGG": "Egg Notes tua bosome biara; yei yɛ bosome 12 nhwɛsoɔ. Ɛyɛ akontaabuo, ɛnyɛ bɔhyɛ: yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba.",
  "estimator.note.CHICKEN": "Chicken Notes tua sika titiriw ne mfasoɔ wɔ otwa bere, bɛyɛ nnawɔtwe 7-8. Ɛyɛ akontaabuo, ɛnyɛ bɔhyɛ: yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba.",
  "estimator.error.notANumber": "Kyerɛw nɔma.",
  "estimator.error.product": "Yi Chicken Note anaa Egg Note.",
  "estimator.error.units.min": "Kyɛfa no nsua nsen {min}.",
  "estimator.error.units.max": "Kyɛfa no ntra {max}.",
  "estimator.error.unit_price.min": "Kyɛfa bo nsua nsen {min}.",
  "estimator.error.unit_price.max": "Kyɛfa bo ntra {max}.",
  "estimator.error.roi.min": "ROI a yɛhwɛ kwan no ntumi nyɛ nɛgatif.",
  "estimator.error.roi.max": "ROI a yɛhwɛ kwan no ntra {max} ({percent}%).",
};
