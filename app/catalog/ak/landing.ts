import type { landing as english } from "~/catalog/en/landing";
import type { TwiTexts } from "~/catalog/ak/types";

/** What the home page's loader writes into its data, in Twi. */
export const landing: TwiTexts<typeof english> = {
  "landing.product.EGG": "Egg Note",
  "landing.product.CHICKEN": "Chicken Note",
  "landing.roi.EGG": "{roi} bosome biara",
  "landing.roi.CHICKEN": "{roi} kyinhyia biara",
  "landing.card.title": "{farm} · Nkokɔ kuw #{id}",
  "landing.sample.broilerA": "Nhwɛsoɔ: nkokɔ nam afuo A",
  "landing.sample.broilerB": "Nhwɛsoɔ: nkokɔ nam afuo B",
  "landing.sample.layerA": "Nhwɛsoɔ: nkesua afuo A",
  "landing.sample.layerB": "Nhwɛsoɔ: nkesua afuo B",
  "landing.sample.location": "Nhwɛsoɔ kɛkɛ",
  "landing.chart.roi": "ROI a yɛhwɛ kwan ma nkokɔ kuw biara, ɔha mu nkyɛmu afe biara ansa na wɔatwa towa (nkesua: bosome biara x 12; nkokɔ nam: kyinhyia biara x kyinhyia a ɛwɔ afe mu)",
  "landing.chart.roiSample": "ROI nhwɛsoɔ (ɛnyɛ ampa)",
  "landing.chart.history": "{product} ROI a atwam",
  "landing.chart.historyIllustrative": "{product} ROI a atwam (nhwɛsoɔ)",
  "landing.liveEmpty": "Nkokɔ kuw biara nni hɔ seesei a wobɛtumi de sika ahyɛ mu. San bra bio nkyɛ.",
  "landing.statsError": "Yɛantumi ankyerɛ Akoko ho akontaa",
};
