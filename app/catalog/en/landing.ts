/** What the home page's loader writes into its data: card titles, product labels, chart labels (never shipped). */
export const landing = {
  "landing.product.EGG": "Egg Note",
  "landing.product.CHICKEN": "Chicken Note",
  "landing.roi.EGG": "{roi} monthly",
  "landing.roi.CHICKEN": "{roi} per cycle",
  "landing.card.title": "{farm} · Batch #{id}",
  "landing.sample.broilerA": "Sample broiler farm A",
  "landing.sample.broilerB": "Sample broiler farm B",
  "landing.sample.layerA": "Sample layer farm A",
  "landing.sample.layerB": "Sample layer farm B",
  "landing.sample.location": "Illustration only",
  "landing.chart.roi": "Expected ROI by batch, in percent a year before tax (eggs: monthly x 12; chicken: per cycle x cycles a year)",
  "landing.chart.roiSample": "Sample ROI series (illustrative)",
  "landing.chart.history": "{product} ROI history",
  "landing.chart.historyIllustrative": "{product} ROI history (illustrative)",
  "landing.liveEmpty": "No active batches available right now — check back soon.",
  "landing.statsError": "Could not load platform stats",
} as const;
