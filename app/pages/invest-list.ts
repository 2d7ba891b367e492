import type { Reading } from "~/models/farm-log.server";
import { addDays, addMonths, lastDayOfMonth } from "~/domain/calendar";
import { formatGhs, withoutThousandsSeparators } from "~/domain/money";
import { sellingTier } from "~/domain/investing";
import { daysOverdue, expectedPayoutAfterTax, HARVEST_DAYS, HARVEST_EARLIEST_DAYS, nextPayoutDue, type PayoutDue } from "~/domain/schedules";
import type { AfterTax } from "~/domain/payouts";
import { annualisedRoi, chickenRecommendedScore, chickenRiskScore, eggRiskScore, riskBand, type RiskBand } from "~/domain/returns";
import type { BatchStatus, ProductType } from "~/domain/types";
import type { MessageId } from "~/catalog/en";
import type { T } from "~/catalog/use-words";

/**
 * The invest pages' batch lists as the URL describes them (the Egg Note page, the Chicken Note
 * page", sections 5 and 9): search, status filter and sort, plus the cards' derived figures, the
 * eggs calculator and the illustrative payout table. Pure: the loaders hand in what they read.
 */
export type ListBatch = {
  id: number;
  farmName: string;
  location: string;
  productType: ProductType;
  unitPriceMinor: number;
  targetUnits: number;
  unitsPlaced: number;
  availableUnits: number;
  expectedRoi: number;
  status: BatchStatus;
  mortalityRate: number;
};

export const Q_MAX = 60;

/** The filter's choices; labels are catalog ids. */
export const STATUS_OPTIONS: Record<ProductType, ReadonlyArray<{ value: "" | BatchStatus; label: Extract<MessageId, `invest.status.${string}`> }>> = {
  EGG: [
    { value: "", label: "invest.status.all" },
    { value: "OPEN", label: "invest.status.OPEN" },
    { value: "ACTIVE", label: "invest.status.ACTIVE" },
    { value: "CLOSED", label: "invest.status.CLOSED" },
  ],
  CHICKEN: [
    { value: "", label: "invest.status.allStatuses" },
    { value: "OPEN", label: "invest.status.OPEN" },
    { value: "ACTIVE", label: "invest.status.ACTIVE" },
    { value: "HARVESTED", label: "invest.status.HARVESTED" },
  ],
};

export type SortKey = "recommended" | "roi" | "available" | "price";

export const SORT_OPTIONS: Record<ProductType, ReadonlyArray<{ value: SortKey; label: Extract<MessageId, `invest.sort.${string}`> }>> = {
  EGG: [
    { value: "recommended", label: "invest.sort.recommended" },
    { value: "roi", label: "invest.sort.roiMonthly" },
    { value: "available", label: "invest.sort.available" },
    { value: "price", label: "invest.sort.price" },
  ],
  CHICKEN: [
    { value: "recommended", label: "invest.sort.recommended" },
    { value: "roi", label: "invest.sort.roi" },
    { value: "available", label: "invest.sort.available" },
    { value: "price", label: "invest.sort.price" },
  ],
};

export const PAGE_PATH: Record<ProductType, string> = { EGG: "/invest/eggs", CHICKEN: "/invest/chicken" };

export type ListQuery = { q: string; status: "" | BatchStatus; sort: SortKey };

/** Reads q, status and sort; an unknown status or sort falls back to its default, never an error. */
export function parseListQuery(type: ProductType, params: URLSearchParams): ListQuery {
  const q = (params.get("q") ?? "").trim().slice(0, Q_MAX);
  const statusRaw = (params.get("status") ?? "").trim().toUpperCase();
  const sortRaw = (params.get("sort") ?? "").trim();
  const status = STATUS_OPTIONS[type].find((o) => o.value !== "" && o.value === statusRaw)?.value ?? "";
  const sort = SORT_OPTIONS[type].find((o) => o.value === sortRaw)?.value ?? "recommended";
  return { q, status, sort };
}

/** The list's own params (defaults left out), for links that keep the list as it is. */
export function listParams(query: ListQuery, extra: Record<string, string | number | null | undefined> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.sort !== "recommended") params.set("sort", query.sort);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
  return params;
}

/** A list link; with `batchId`, it lands on that batch's card (#batch-<id>). */
export function listHref(type: ProductType, query: ListQuery, extra: Record<string, string | number | null | undefined> = {}, batchId: number | null = null): string {
  const qs = listParams(query, extra).toString();
  return `${qs ? `${PAGE_PATH[type]}?${qs}` : PAGE_PATH[type]}${batchId === null ? "" : `#${batchAnchor(batchId)}`}`;
}

/** The id of a batch's card, the place a dialog and its action return to. */
export const batchAnchor = (batchId: number) => `batch-${batchId}`;

/** Case-insensitive match on the batch number ("12", "#12", "batch 12"), farm name and location. */
export function matchesSearch(b: Pick<ListBatch, "id" | "farmName" | "location">, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const idText = needle.replace(/^(batch\s*)?#?\s*/, "");
  if (/^\d+$/.test(idText) && String(b.id) === idText) return true;
  return b.farmName.toLowerCase().includes(needle) || b.location.toLowerCase().includes(needle) || `#${b.id}` === needle;
}

export function riskOf(b: Pick<ListBatch, "productType" | "mortalityRate" | "expectedRoi" | "targetUnits" | "unitsPlaced">): { score: number; band: RiskBand } {
  const score =
    b.productType === "EGG"
      ? eggRiskScore({ mortalityRate: b.mortalityRate, monthlyRoi: b.expectedRoi, targetUnits: b.targetUnits, unitsPlaced: b.unitsPlaced })
      : chickenRiskScore({ mortalityRate: b.mortalityRate, roi: b.expectedRoi });
  return { score, band: riskBand(score) };
}

/**
 * Recommended. Chicken: ROI x (1 + available share). Eggs (our own formula):
 * the same score over what can be bought now, so an ACTIVE batch with early-exit units on offer
 * ranks by the share it offers; ties go to the lower risk score.
 */
export function recommendedScore(b: ListBatch): number {
  if (b.productType === "CHICKEN") return chickenRecommendedScore({ roi: b.expectedRoi, targetUnits: b.targetUnits, unitsPlaced: b.unitsPlaced });
  const share = b.targetUnits > 0 ? Math.min(1, b.availableUnits / b.targetUnits) : 0;
  return b.expectedRoi * (1 + share);
}

const COMPARE: Record<SortKey, (a: ListBatch, b: ListBatch) => number> = {
  recommended: (a, b) => recommendedScore(b) - recommendedScore(a) || riskOf(a).score - riskOf(b).score,
  roi: (a, b) => b.expectedRoi - a.expectedRoi,
  available: (a, b) => b.availableUnits - a.availableUnits,
  price: (a, b) => a.unitPriceMinor - b.unitPriceMinor,
};

/**
 * Filter and sort. Whatever the sort, batches that take money come first and ended ones last
 * (sellingTier), so a full or harvested batch never sits above one an investor can buy; the
 * chosen sort orders each group, and ties keep the batch number order.
 */
export function queryBatches<T extends ListBatch>(batches: T[], query: ListQuery): T[] {
  return batches
    .filter((b) => (query.status ? b.status === query.status : true) && matchesSearch(b, query.q))
    .sort((a, b) => sellingTier(a) - sellingTier(b) || COMPARE[query.sort](a, b) || a.id - b.id);
}

/** Chicken summary: batch count, average expected ROI per cycle (fraction), total target units. */
export function chickenSummary(batches: Array<Pick<ListBatch, "expectedRoi" | "targetUnits">>) {
  const count = batches.length;
  return {
    count,
    averageRoi: count ? batches.reduce((s, b) => s + b.expectedRoi, 0) / count : 0,
    totalTargetUnits: batches.reduce((s, b) => s + b.targetUnits, 0),
  };
}

export const percent = (fraction: number, digits = 1) => `${(Math.round(fraction * 100 * 10 ** digits) / 10 ** digits).toFixed(digits)}%`;

/** The card's ROI lines: eggs monthly and annualised (x 12); chicken per cycle. */
export function roiLines(b: Pick<ListBatch, "productType" | "expectedRoi">, t: T): Array<{ label: string; value: string }> {
  if (b.productType === "EGG") {
    return [
      { label: t("batchFacts.roi.monthly"), value: percent(b.expectedRoi) },
      { label: t("batchFacts.roi.annualised"), value: percent(annualisedRoi(b.expectedRoi)) },
    ];
  }
  return [{ label: t("batchFacts.roi.perCycle"), value: percent(b.expectedRoi) }];
}

export const feedCostText = (feedPriceMinor: number | null, t: T) => (feedPriceMinor === null ? t("batchFacts.feedCost.unknown") : t("batchFacts.feedCost", { price: formatGhs(feedPriceMinor) }));

// ---- invest and exit dialogs ----

export const DEFAULT_UNITS = 10;

/** Units to prefill: 10, kept within 1..max (the input's own limits). */
export function defaultUnits(max: number): number {
  return Math.max(1, Math.min(DEFAULT_UNITS, max));
}

// ---- sensor strip (docs/rules.md#product-constants) ----

export type SensorTone = "ok" | "warm" | "cold" | "flag" | "warning" | "danger" | "none";

export function temperatureTone(c: number | null): SensorTone {
  if (c === null) return "none";
  if (c > 33) return "warm";
  if (c < 22) return "cold";
  return "ok";
}

export function humidityTone(pct: number | null): SensorTone {
  if (pct === null) return "none";
  return pct > 80 || pct < 40 ? "flag" : "ok";
}

export function ammoniaTone(ppm: number | null): SensorTone {
  if (ppm === null) return "none";
  if (ppm >= 25) return "danger";
  if (ppm >= 15) return "warning";
  return "ok";
}

const barPercent = (value: number | null, scale: number) => (value === null ? 0 : Math.round(Math.max(0, Math.min(1, value / scale)) * 100));

/** The three bars: temperature out of 40 C, humidity out of 100%, ammonia out of 50 ppm. */
export function sensorBars(r: Reading, t: T) {
  return [
    { key: "temp", label: t("batchFacts.sensor.temp"), value: r.temperatureC === null ? "—" : `${r.temperatureC}°C`, tone: temperatureTone(r.temperatureC), width: barPercent(r.temperatureC, 40) },
    { key: "humidity", label: t("batchFacts.sensor.humidity"), value: r.humidityPct === null ? "—" : `${r.humidityPct}%`, tone: humidityTone(r.humidityPct), width: barPercent(r.humidityPct, 100) },
    { key: "ammonia", label: t("batchFacts.sensor.ammonia"), value: r.ammoniaPpm === null ? "—" : `${r.ammoniaPpm} ppm`, tone: ammoniaTone(r.ammoniaPpm), width: barPercent(r.ammoniaPpm, 50) },
  ] as const;
}

// ---- eggs calculator and its payout table ----

export const CALC_DEFAULT_AMOUNT = 100;
export const CALC_STEP = 10;
/** The calculator's answers, as catalog ids (the page renders them, with or without JavaScript). */
export const CALC_MESSAGES = {
  tooLow: "invest.calc.tooLow",
  notEnough: "invest.calc.notEnough",
  amount: "invest.calc.enterAmount",
} as const satisfies Record<string, MessageId>;

export type CalcResult = {
  amountText: string;
  units: number;
  costMinor: number;
  /** Before tax, as the batch's ROI gives it. */
  monthlyMinor: number;
  annualMinor: number;
  /** A month's income and twelve months' before and after withholding tax, rounded as the payout run rounds. */
  monthly: AfterTax;
  annual: AfterTax;
  error: (typeof CALC_MESSAGES)[keyof typeof CALC_MESSAGES] | null;
};

const NOTHING: AfterTax = { grossMinor: 0, taxMinor: 0, netMinor: 0 };

/**
 * Units purchasable = floor(amount / unit price). Below one unit: 'Amount too low for selected
 * batch.'; more units than available: 'Not enough units available in this batch.' The income is
 * the payout run's: cost x monthly ROI, less the withholding tax at `taxRate`; a year is 12 months of it.
 */
export function calculate(amountText: string, batch: Pick<ListBatch, "unitPriceMinor" | "availableUnits" | "expectedRoi"> | null, taxRate: number): CalcResult {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(withoutThousandsSeparators(amountText) ?? "");
  const empty = { amountText: amountText.slice(0, 20), units: 0, costMinor: 0, monthlyMinor: 0, annualMinor: 0, monthly: NOTHING, annual: NOTHING };
  if (!m) return { ...empty, error: CALC_MESSAGES.amount };
  if (!batch || batch.unitPriceMinor <= 0) return { ...empty, error: null };
  const amountMinor = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0");
  const units = Math.floor(amountMinor / batch.unitPriceMinor);
  const costMinor = units * batch.unitPriceMinor;
  const { grossMinor, taxMinor, netMinor } = expectedPayoutAfterTax("EGG", costMinor, batch.expectedRoi, taxRate);
  const monthly = { grossMinor, taxMinor, netMinor };
  const annual = { grossMinor: 12 * grossMinor, taxMinor: 12 * taxMinor, netMinor: 12 * netMinor };
  const result = { ...empty, units, costMinor, monthlyMinor: grossMinor, annualMinor: annual.grossMinor, monthly, annual };
  if (units < 1) return { ...result, error: CALC_MESSAGES.tooLow };
  if (units > batch.availableUnits) return { ...result, error: CALC_MESSAGES.notEnough };
  return { ...result, error: null };
}

/**
 * The 12-month payout table under the calculator, computed from its answer: each month's income
 * after tax and the total so far. Empty while the calculator has no units to show.
 */
export function payoutTable(result: CalcResult, months = 12): Array<{ month: number; netMinor: number; totalMinor: number }> {
  if (result.error || result.units < 1) return [];
  return Array.from({ length: months }, (_, i) => ({ month: i + 1, netMinor: result.monthly.netMinor, totalMinor: (i + 1) * result.monthly.netMinor }));
}

// ---- demo batches (never investable) ----

export type DemoBatch = ListBatch & { feedPriceMinor: number | null; startDate: string | null; history: Array<{ label: string; roiPercent: number }> };

/** The demo batches: egg batches 201 and 202, chicken 101 and 102, with the sample figures (docs/rules.md#product-constants). */
export const DEMO_BATCHES: Record<ProductType, DemoBatch[]> = {
  EGG: [
    {
      id: 201,
      farmName: "Demo layer farm A",
      location: "Dormaa Ahenkro, Bono",
      productType: "EGG",
      unitPriceMinor: 12000,
      targetUnits: 5000,
      unitsPlaced: 1750,
      availableUnits: 3250,
      expectedRoi: 0.01,
      status: "OPEN",
      mortalityRate: 0.05,
      feedPriceMinor: 600,
      startDate: null,
      history: [0.8, 0.9, 1.0, 0.95, 1.05, 1.0].map((y, i) => ({ label: `M${i + 1}`, roiPercent: y })),
    },
    {
      id: 202,
      farmName: "Demo layer farm B",
      location: "Techiman, Bono East",
      productType: "EGG",
      unitPriceMinor: 10000,
      targetUnits: 3000,
      unitsPlaced: 2900,
      availableUnits: 100,
      expectedRoi: 0.009,
      status: "ACTIVE",
      mortalityRate: 0.06,
      feedPriceMinor: null,
      startDate: null,
      history: [0.7, 0.85, 0.9, 0.8, 0.95, 0.9].map((y, i) => ({ label: `M${i + 1}`, roiPercent: y })),
    },
  ],
  CHICKEN: [
    {
      id: 101,
      farmName: "Demo broiler farm A",
      location: "Nsawam, Eastern",
      productType: "CHICKEN",
      unitPriceMinor: 4000,
      targetUnits: 2000,
      unitsPlaced: 420,
      availableUnits: 1580,
      expectedRoi: 0.18,
      status: "OPEN",
      mortalityRate: 0.04,
      feedPriceMinor: 650,
      startDate: null,
      history: [15, 17, 16, 18.5, 18].map((y, i) => ({ label: `Cycle ${i + 1}`, roiPercent: y })),
    },
    {
      id: 102,
      farmName: "Demo broiler farm B",
      location: "Ejisu, Ashanti",
      productType: "CHICKEN",
      unitPriceMinor: 3600,
      targetUnits: 1500,
      unitsPlaced: 1100,
      availableUnits: 400,
      expectedRoi: 0.14,
      status: "ACTIVE",
      mortalityRate: 0.05,
      feedPriceMinor: 650,
      startDate: null,
      history: [12, 13.5, 14, 13, 14.5].map((y, i) => ({ label: `Cycle ${i + 1}`, roiPercent: y })),
    },
  ],
};

/** The Google Maps search for a location (the chicken cards' 'View farm'). */
export const mapsHref = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

// ---- timeline ----

export type TimelineStep = { label: string; detail: string; state: "done" | "current" | "next" };

/**
 * Egg: funding, 2 months of rearing, 15 months of lay, close. Chicken: funding, 6-8 weeks of
 * grow-out, harvest. Dates follow the batch's start date when it has one.
 */
export function timeline(b: { productType: ProductType; status: BatchStatus; startDate: string | null }, today: string, t: T): TimelineStep[] {
  const start = b.startDate;
  const ended = b.status === "CLOSED" || b.status === "HARVESTED";
  const open = b.status === "OPEN";
  const funding: TimelineStep = { label: t("batchFacts.step.funding"), detail: open ? t("batchFacts.step.open") : t("batchFacts.step.funded"), state: open ? "current" : "done" };
  if (b.productType === "EGG") {
    const layFrom = start ? addMonths(start, 2) : null;
    const closeOn = start ? addMonths(start, 17) : null;
    const laying = !open && !ended && layFrom !== null && today >= layFrom;
    return [
      funding,
      {
        label: t("batchFacts.step.rearing"),
        detail: start ? t("batchFacts.step.rearingFrom", { date: { date: start } }) : t("batchFacts.step.rearingAbout"),
        state: open ? "next" : ended || laying ? "done" : "current",
      },
      {
        label: t("batchFacts.step.laying"),
        detail: layFrom ? t("batchFacts.step.layingFrom", { date: { date: layFrom } }) : t("batchFacts.step.layingAbout"),
        state: ended ? "done" : laying ? "current" : "next",
      },
      {
        label: t("batchFacts.step.close"),
        detail: closeOn ? t("batchFacts.step.closeAround", { date: { date: closeOn } }) : t("batchFacts.step.principalReturned"),
        state: ended ? "done" : "next",
      },
    ];
  }
  const harvestFrom = start ? addDays(start, 42) : null;
  const harvestTo = start ? addDays(start, 56) : null;
  return [
    funding,
    {
      label: t("batchFacts.step.growOut"),
      detail: start ? t("batchFacts.step.growOutFrom", { date: { date: start } }) : t("batchFacts.step.growOutWeeks"),
      state: open ? "next" : ended ? "done" : "current",
    },
    {
      label: t("batchFacts.step.harvest"),
      detail: harvestFrom && harvestTo ? t("batchFacts.step.harvestBetween", { from: { date: harvestFrom }, to: { date: harvestTo } }) : t("batchFacts.step.harvestPayout"),
      state: ended ? "done" : "next",
    },
  ];
}

/** What the platform checks for every partner farm (the product's claims), shown as the card's certifications. */
export const CERTIFICATIONS: Record<ProductType, Array<Extract<MessageId, `batchFacts.certification.${string}`>>> = {
  EGG: ["batchFacts.certification.vetted", "batchFacts.certification.vaccination", "batchFacts.certification.vet", "batchFacts.certification.escrow"],
  CHICKEN: ["batchFacts.certification.vetted", "batchFacts.certification.vaccination", "batchFacts.certification.vet", "batchFacts.certification.escrow"],
};

// ---- what the invest dialog says of dates ----

/** Layers: 2 months of rearing and about 15 of lay; the batch closes about 17 months after its start. */
export const EGG_TERM_MONTHS = 17;

/**
 * The dates an investor reads before pressing Invest: eggs, the first payout they would receive (the
 * next unpaid month in lay) and the batch's expected close; chicken, the harvest window, which is
 * also its end. All null while the batch has no start date (it starts when funded and activated).
 */
export type InvestDates = {
  firstPeriod: string | null;
  firstDate: string | null;
  harvestFrom: string | null;
  endDate: string | null;
  /** A chicken batch whose harvest window ended before today: the dialog says it is late, not "expected". */
  harvestPassed: boolean;
};

export function investDates(b: { productType: ProductType; startDate: string | null }, paidPeriods: readonly string[], today: string): InvestDates {
  const none = { firstPeriod: null, firstDate: null, harvestFrom: null, endDate: null, harvestPassed: false };
  if (!b.startDate) return none;
  if (b.productType === "CHICKEN") {
    const endDate = addDays(b.startDate, HARVEST_DAYS);
    return { ...none, harvestFrom: addDays(b.startDate, HARVEST_EARLIEST_DAYS), endDate, harvestPassed: endDate < today };
  }
  const due = nextPayoutDue({ productType: "EGG", status: "ACTIVE", startDate: b.startDate, paidPeriods });
  // A month's income belongs to its holders at its end: a buyer's first is this month's at the earliest.
  const firstPeriod = due?.period && due.period < today.slice(0, 7) ? today.slice(0, 7) : (due?.period ?? null);
  return { ...none, firstPeriod, firstDate: firstPeriod && lastDayOfMonth(firstPeriod), endDate: addMonths(b.startDate, EGG_TERM_MONTHS) };
}

// ---- next payout ----

/**
 * When investors should next be paid, in words, from the batch's `due` (batchPayoutDue in
 * app/domain/schedules.ts): eggs, the first unpaid month with holders (or the first month in lay),
 * due by its month end; chicken, the harvest, 6-8 weeks after the start. Nothing for an OPEN batch
 * (not started) or an ended one. A date that has passed says by how many days.
 */
export function nextPayout(b: { productType: ProductType; status: BatchStatus; startDate: string | null }, today: string, due: PayoutDue | null, t: T): { date: string | null; text: string } {
  if (b.status === "OPEN") return { date: null, text: t("batchFacts.next.notStarted") };
  if (b.status === "CLOSED" || b.status === "HARVESTED") return { date: null, text: t("batchFacts.next.ended") };
  if (!due) return { date: null, text: b.productType === "EGG" ? t("batchFacts.next.monthlyInLay") : t("batchFacts.next.atHarvest") };
  const late = daysOverdue(due.date, today);
  const text =
    due.kind === "MONTHLY"
      ? t("batchFacts.next.monthly", { period: due.period ?? "", date: { date: due.date } })
      : t("batchFacts.next.harvest", { from: { date: addDays(b.startDate!, HARVEST_EARLIEST_DAYS) }, to: { date: due.date } });
  return { date: due.date, text: late > 0 ? t("batchFacts.withOverdue", { text, overdue: t("batchFacts.overdue", { count: late }) }) : text };
}
