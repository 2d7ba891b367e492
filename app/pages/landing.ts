import type { MessageId } from "~/catalog/en";
import type { T } from "~/catalog/use-words";
import { sellsUnitsNow } from "~/domain/investing";
import { formatGhs } from "~/domain/money";
import { roiPerYear } from "~/domain/returns";
import type { BatchStatus, ProductType } from "~/domain/types";

/**
 * What the landing page shows, from the batch list (docs/rules.md#product-constants).
 * Pure: the loader hands in the batches it read, or null when reading them failed, and the
 * reader's translator for the words it writes (labels, titles).
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
  /** In the one money format ("GH₵150.00"), or "—". */
  unitPrice: string;
  /** Percent to 1 decimal with its basis, e.g. "1.0% monthly", or "—". */
  roi: string;
  availableUnits: number;
  href: string | null;
};

export const MAX_LANDING_CARDS = 6;
export const MAX_CHART_BATCHES = 8;
export const SAMPLE_CHART_SERIES = [8, 12, 9, 14, 11, 13, 15, 12] as const;

/** When no batch of a type exists, the product cards use these (docs/rules.md#product-constants). */
export const PRODUCT_DEFAULTS: Record<ProductType, { unitPrice: number; roi: number }> = {
  EGG: { unitPrice: 150, roi: 0.03 },
  CHICKEN: { unitPrice: 50, roi: 0.18 },
};

/** A sample product names itself from the catalog. */
type SampleWords = Extract<MessageId, `landing.sample.${string}`>;
export type SampleProduct = Omit<LandingBatch, "farmName" | "location"> & { farmName: SampleWords; location: SampleWords };

/** The four built-in sample products, shown only when there are no batches or they failed to load. */
export const SAMPLE_PRODUCTS: SampleProduct[] = [
  {
    id: 101,
    farmName: "landing.sample.broilerA",
    location: "landing.sample.location",
    productType: "CHICKEN",
    unitPriceMinor: 4000,
    targetUnits: 2000,
    unitsPlaced: 420,
    expectedRoi: 0.18,
    status: "OPEN",
  },
  {
    id: 102,
    farmName: "landing.sample.broilerB",
    location: "landing.sample.location",
    productType: "CHICKEN",
    unitPriceMinor: 3600,
    targetUnits: 1500,
    unitsPlaced: 1100,
    expectedRoi: 0.14,
    status: "ACTIVE",
  },
  {
    id: 201,
    farmName: "landing.sample.layerA",
    location: "landing.sample.location",
    productType: "EGG",
    unitPriceMinor: 12000,
    targetUnits: 5000,
    unitsPlaced: 1750,
    expectedRoi: 0.01,
    status: "OPEN",
  },
  {
    id: 202,
    farmName: "landing.sample.layerB",
    location: "landing.sample.location",
    productType: "EGG",
    unitPriceMinor: 10000,
    targetUnits: 3000,
    unitsPlaced: 2900,
    expectedRoi: 0.009,
    status: "ACTIVE",
  },
];

export const productPath = (type: ProductType) => (type === "EGG" ? "/invest/eggs" : "/invest/chicken");
export const productLabel = (type: ProductType, t: T) => t(`landing.product.${type}`);
/** A percent with the product's basis: "1.0% monthly", "18.0% per cycle". */
const withBasis = (roi: string, type: ProductType, t: T) => t(`landing.roi.${type}`, { roi });

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/** Unit price in the one money format, 2 decimals ("GH₵150.00"), or a dash when missing. */
export function formatUnitPrice(unitPriceMinor: number | null | undefined): string {
  if (!finite(unitPriceMinor) || unitPriceMinor <= 0) return "—";
  return formatGhs(unitPriceMinor);
}

/** ROI fraction as a percent to 1 decimal ("1.0%"), or a dash when missing. */
export function formatRoiPercent(roi: number | null | undefined): string {
  if (!finite(roi)) return "—";
  return `${(Math.round(roi * 1000) / 10).toFixed(1)}%`;
}

export const isLive = (b: { status: BatchStatus }) => b.status === "OPEN" || b.status === "ACTIVE";

export function toCard(b: LandingBatch, t: T, { sample = false } = {}): BatchCard {
  const roi = formatRoiPercent(b.expectedRoi);
  return {
    id: b.id,
    title: sample ? b.farmName : t("landing.card.title", { farm: b.farmName, id: b.id }),
    location: b.location,
    productType: b.productType,
    productLabel: productLabel(b.productType, t),
    status: b.status,
    unitPrice: formatUnitPrice(b.unitPriceMinor),
    roi: roi === "—" ? roi : withBasis(roi, b.productType, t),
    availableUnits: b.availableUnits ?? Math.max(0, b.targetUnits - b.unitsPlaced),
    href: sample ? null : productPath(b.productType),
  };
}

/** A sample product's card, its names in the reader's words. */
export const sampleCard = (s: SampleProduct, t: T) => toCard({ ...s, farmName: t(s.farmName), location: t(s.location) }, t, { sample: true });

/** Without the model's figure, only an OPEN batch's unplaced units are known to be for sale. */
const onSale = (b: LandingBatch) => sellsUnitsNow({ ...b, availableUnits: b.availableUnits ?? (b.status === "OPEN" ? Math.max(0, b.targetUnits - b.unitsPlaced) : 0) });

/** Up to 6 live batches, the ones that take money first (a full batch never above one on sale). */
export function liveBatchCards(batches: LandingBatch[], t: T): BatchCard[] {
  const live = batches.filter(isLive);
  const ordered = [...live.filter(onSale), ...live.filter((b) => !onSale(b))];
  return ordered.slice(0, MAX_LANDING_CARDS).map((b) => toCard(b, t));
}

/**
 * The batches a product card and the estimator quote: those an investor can buy now, else the
 * live ones, else any of the type; the cheapest first (ties: the lower batch number).
 */
function quotedBatches(type: ProductType, batches: LandingBatch[] | null): LandingBatch[] {
  const ofType = (batches ?? []).filter((b) => b.productType === type && finite(b.unitPriceMinor) && b.unitPriceMinor > 0);
  const group = [ofType.filter(onSale), ofType.filter(isLive), ofType].find((g) => g.length > 0) ?? [];
  return [...group].sort((a, b) => a.unitPriceMinor! - b.unitPriceMinor! || a.id - b.id);
}

/**
 * What a product costs from, in cedis, and that batch's ROI: the cheapest batch on sale, else
 * The landing defaults (eggs GHS 150 at 3% a month, chicken GHS 50 at 18% a cycle).
 */
export function productFigures(type: ProductType, batches: LandingBatch[] | null): { unitPrice: number; roi: number } {
  const cheapest = quotedBatches(type, batches)[0];
  const defaults = PRODUCT_DEFAULTS[type];
  if (!cheapest) return defaults;
  return { unitPrice: cheapest.unitPriceMinor! / 100, roi: finite(cheapest.expectedRoi) ? cheapest.expectedRoi : defaults.roi };
}

/**
 * The landing chart: up to 8 batches labelled by batch id, each valued at its expected ROI per year
 * (roiPerYear: eggs' monthly and chicken's per-cycle returns on one unit) as a rounded percent, or
 * 10 + its position when the ROI is missing. No batches: the sample series.
 */
export function landingChartPoints(batches: LandingBatch[] | null): { points: Array<{ x: string; y: number }>; sample: boolean } {
  if (!batches || batches.length === 0) {
    return { points: SAMPLE_CHART_SERIES.map((y, i) => ({ x: `S${i + 1}`, y })), sample: true };
  }
  return {
    points: batches.slice(0, MAX_CHART_BATCHES).map((b, i) => ({ x: `#${b.id}`, y: finite(b.expectedRoi) ? Math.round(roiPerYear(b.productType, b.expectedRoi) * 100) : 10 + i })),
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

/**
 * A product card: "From" the lowest unit price an investor can buy at (productFigures), the range
 * of expected ROI over the same batches, and the cheapest one's ROI history.
 */
export function productSummary(type: ProductType, batches: LandingBatch[] | null, t: T): ProductSummary {
  const quoted = quotedBatches(type, batches);
  const figures = productFigures(type, batches);
  const rois = quoted.map((b) => b.expectedRoi).filter(finite);
  const low = formatRoiPercent(rois.length ? Math.min(...rois) : figures.roi);
  const high = formatRoiPercent(rois.length ? Math.max(...rois) : figures.roi);
  const history = (quoted[0]?.history ?? []).filter((p) => finite(p.roiPercent)).map((p) => ({ x: p.label, y: p.roiPercent }));
  const useHistory = history.length >= 2;
  return {
    type,
    label: productLabel(type, t),
    href: productPath(type),
    unitPrice: formatUnitPrice(Math.round(figures.unitPrice * 100)),
    roi: withBasis(low === high ? low : `${low}–${high}`, type, t),
    history: useHistory ? history : SAMPLE_CHART_SERIES.map((y, i) => ({ x: `S${i + 1}`, y })),
    illustrative: !useHistory,
  };
}

/** Sample products are shown only when there are no batches at all, or reading them failed. */
export function showSampleProducts(batches: LandingBatch[] | null): boolean {
  return !batches || batches.length === 0;
}
