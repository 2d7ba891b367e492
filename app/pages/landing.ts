import type { BatchStatus, ProductType } from "~/domain/types";

/**
 * What the landing page shows, from the batch list (SPEC.md section 2 "Home" and section 9).
 * Pure: the loader hands in the batches it read, or null when reading them failed.
 */
export type LandingBatch = {
  id: number;
  farmName: string;
  location: string;
  productType: ProductType;
  unitPriceMinor: number | null;
  targetUnits: number;
  unitsPlaced: number;
  availableUnits?: number;
  expectedRoi: number | null;
  status: BatchStatus;
  history?: Array<{ label: string; roiPercent: number }>;
};

export type BatchCard = {
  id: number;
  title: string;
  location: string;
  productType: ProductType;
  productLabel: string;
  status: BatchStatus;
  /** "GH₵150.00"-style is left to the page; this is the amount to 2 decimals, or "—". */
  unitPrice: string;
  /** Percent to 1 decimal with its basis, e.g. "1.0% monthly", or "—". */
  roi: string;
  availableUnits: number;
  href: string | null;
};

export const MAX_LANDING_CARDS = 6;
export const MAX_CHART_BATCHES = 8;
export const SAMPLE_CHART_SERIES = [8, 12, 9, 14, 11, 13, 15, 12] as const;

/** When no batch of a type exists, the product cards use these (SPEC.md section 9). */
export const PRODUCT_DEFAULTS: Record<ProductType, { unitPrice: number; roi: number }> = {
  EGG: { unitPrice: 150, roi: 0.03 },
  CHICKEN: { unitPrice: 50, roi: 0.18 },
};

/** The four built-in sample products, shown only when there are no batches or they failed to load. */
export const SAMPLE_PRODUCTS: LandingBatch[] = [
  { id: 101, farmName: "Sample broiler farm A", location: "Illustration only", productType: "CHICKEN", unitPriceMinor: 4000, targetUnits: 2000, unitsPlaced: 420, expectedRoi: 0.18, status: "OPEN" },
  { id: 102, farmName: "Sample broiler farm B", location: "Illustration only", productType: "CHICKEN", unitPriceMinor: 3600, targetUnits: 1500, unitsPlaced: 1100, expectedRoi: 0.14, status: "ACTIVE" },
  { id: 201, farmName: "Sample layer farm A", location: "Illustration only", productType: "EGG", unitPriceMinor: 12000, targetUnits: 5000, unitsPlaced: 1750, expectedRoi: 0.01, status: "OPEN" },
  { id: 202, farmName: "Sample layer farm B", location: "Illustration only", productType: "EGG", unitPriceMinor: 10000, targetUnits: 3000, unitsPlaced: 2900, expectedRoi: 0.009, status: "ACTIVE" },
];

export const productPath = (type: ProductType) => (type === "EGG" ? "/invest/eggs" : "/invest/chicken");
export const productLabel = (type: ProductType) => (type === "EGG" ? "Egg Note" : "Chicken Note");
export const roiBasis = (type: ProductType) => (type === "EGG" ? "monthly" : "per cycle");

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/** Unit price to 2 decimals ("150.00"), or a dash when missing. */
export function formatUnitPrice(unitPriceMinor: number | null | undefined): string {
  if (!finite(unitPriceMinor) || unitPriceMinor <= 0) return "—";
  return (unitPriceMinor / 100).toFixed(2);
}

/** ROI fraction as a percent to 1 decimal ("1.0%"), or a dash when missing. */
export function formatRoiPercent(roi: number | null | undefined): string {
  if (!finite(roi)) return "—";
  return `${(Math.round(roi * 1000) / 10).toFixed(1)}%`;
}

export const isLive = (b: { status: BatchStatus }) => b.status === "OPEN" || b.status === "ACTIVE";

export function toCard(b: LandingBatch, { sample = false } = {}): BatchCard {
  const roi = formatRoiPercent(b.expectedRoi);
  return {
    id: b.id,
    title: sample ? b.farmName : `${b.farmName} · Batch #${b.id}`,
    location: b.location,
    productType: b.productType,
    productLabel: productLabel(b.productType),
    status: b.status,
    unitPrice: formatUnitPrice(b.unitPriceMinor),
    roi: roi === "—" ? roi : `${roi} ${roiBasis(b.productType)}`,
    availableUnits: b.availableUnits ?? Math.max(0, b.targetUnits - b.unitsPlaced),
    href: sample ? null : productPath(b.productType),
  };
}

/** Up to 6 live batches, the ones open for investment first. */
export function liveBatchCards(batches: LandingBatch[]): BatchCard[] {
  const live = batches.filter(isLive);
  const ordered = [...live.filter((b) => b.status === "OPEN"), ...live.filter((b) => b.status !== "OPEN")];
  return ordered.slice(0, MAX_LANDING_CARDS).map((b) => toCard(b));
}

/**
 * The landing chart: up to 8 batches labelled by batch id, each valued at its expected ROI as a
 * rounded percent, or 10 + its position when the ROI is missing. No batches: the sample series.
 */
export function landingChartPoints(batches: LandingBatch[] | null): { points: Array<{ x: string; y: number }>; sample: boolean } {
  if (!batches || batches.length === 0) {
    return { points: SAMPLE_CHART_SERIES.map((y, i) => ({ x: `S${i + 1}`, y })), sample: true };
  }
  return {
    points: batches.slice(0, MAX_CHART_BATCHES).map((b, i) => ({ x: `#${b.id}`, y: finite(b.expectedRoi) ? Math.round(b.expectedRoi * 100) : 10 + i })),
    sample: false,
  };
}

export type ProductSummary = {
  type: ProductType;
  label: string;
  href: string;
  unitPrice: string;
  roi: string;
  /** The ROI history to draw (percent), and whether it is illustrative rather than a batch's. */
  history: Array<{ x: string; y: number }>;
  illustrative: boolean;
};

/** A product card: the first live batch of the type (else any), else SPEC.md's landing defaults. */
export function productSummary(type: ProductType, batches: LandingBatch[] | null): ProductSummary {
  const ofType = (batches ?? []).filter((b) => b.productType === type);
  const batch = ofType.find((b) => b.status === "OPEN") ?? ofType.find(isLive) ?? ofType[0];
  const defaults = PRODUCT_DEFAULTS[type];
  const unitPriceMinor = batch && finite(batch.unitPriceMinor) && batch.unitPriceMinor > 0 ? batch.unitPriceMinor : Math.round(defaults.unitPrice * 100);
  const roi = batch && finite(batch.expectedRoi) ? batch.expectedRoi : defaults.roi;
  const history = (batch?.history ?? []).filter((p) => finite(p.roiPercent)).map((p) => ({ x: p.label, y: p.roiPercent }));
  const useHistory = history.length >= 2;
  return {
    type,
    label: productLabel(type),
    href: productPath(type),
    unitPrice: formatUnitPrice(unitPriceMinor),
    roi: `${formatRoiPercent(roi)} ${roiBasis(type)}`,
    history: useHistory ? history : SAMPLE_CHART_SERIES.map((y, i) => ({ x: `S${i + 1}`, y })),
    illustrative: !useHistory,
  };
}

/** Sample products are shown only when there are no batches at all, or reading them failed. */
export function showSampleProducts(batches: LandingBatch[] | null): boolean {
  return !batches || batches.length === 0;
}
