import { msg } from "~/catalog/ref";
import { notFoundResponse } from "~/lib/page-action.server";
import { dailyMetrics, latestMetrics } from "~/domain/farm-metrics";
import { pageOf } from "~/pages/portfolio";
import { nextPayout, PAGE_PATH } from "~/pages/invest-list";

import { renderLineChartSvg, type ChartPoint } from "~/lib/charts.server";
import { today } from "~/lib/clock.server";
import { getUser } from "~/auth/session.server";
import { getBatch } from "~/models/batch.server";
import { listMyInvestments } from "~/models/investment.server";
import { batchFunds } from "~/models/ledger.server";
import { batchNextPayoutDue, listBatchPayoutHistory } from "~/models/payout.server";
import { latestFarmReading, listFarmLogs, listPhotosForLogs } from "~/models/farm-log.server";
import { toCardData } from "~/pages/invest.server";
import { sensorChart, sensorView } from "~/pages/farm-readings.server";
import { sensorSources } from "~/models/farm-devices.server";
import { localeOf, translatorFor, wordsFor, type Translate } from "~/catalog/index.server";
import { getEnv } from "~/lib/env.server";
import { taxExplainedText } from "~/components/after-tax";
import { formatGhs } from "~/domain/money";
import type { SettlementSheet } from "~/domain/remittances";
import type { ProductType } from "~/domain/types";
import { batchSettlements } from "~/models/remittance.server";

/**
 * A daily chart, drawn about as wide as a phone shows it (300 units in a 294 px card) so its axis
 * text stays readable; the y labels carry the unit (%, kg), and the x labels (MM-DD) thin out to what fits.
 */
function chart(points: ChartPoint[], label: string, color: string, ySuffix: string) {
  if (points.length < 2) return "";
  // A month or less: each day a dot on a smooth line; longer: straight segments, no dots (lighter, looks the same).
  const month = points.length <= 31;
  return renderLineChartSvg([{ id: label, points, color }], 300, 190, { label, axes: true, points: month, straight: !month, area: true, ySuffix });
}

/** The batch page's daily charts, by the name their image route takes. */
export const LOG_CHART_NAMES = ["lay-rate", "weight", "feed-per-dozen", "fcr", "mortality"] as const;
export type LogChartName = (typeof LOG_CHART_NAMES)[number];

/** The daily charts of a batch's product, each drawn ("" with fewer than two days to draw). */
function logCharts(productType: ProductType, series: ReturnType<typeof dailyMetrics>, t: Translate): Array<{ name: LogChartName; title: string; label: string; svg: string }> {
  const charted = series.slice(-CHART_DAYS);
  const x = (date: string) => date.slice(5);
  const isEgg = productType === "EGG";
  const color = isEgg ? "#d97706" : "#166534";
  const drawn = (name: LogChartName, title: string, label: string, points: ChartPoint[], lineColor: string, ySuffix: string) => ({ name, title, label, svg: chart(points, label, lineColor, ySuffix) });
  return [
    isEgg
      ? drawn(
          "lay-rate",
          t("batchData.chart.layRate"),
          t("batchData.chart.layRateLabel"),
          charted.filter((r) => r.layRate !== null).map((r) => ({ x: x(r.logDate), y: round(r.layRate! * 100, 1) })),
          color,
          "%",
        )
      : drawn(
          "weight",
          t("batchData.chart.weight"),
          t("batchData.chart.weightLabel"),
          charted.filter((r) => r.avgWeightKg !== null).map((r) => ({ x: x(r.logDate), y: r.avgWeightKg! })),
          color,
          t("batchData.chart.kgSuffix"),
        ),
    isEgg
      ? drawn(
          "feed-per-dozen",
          t("batchData.chart.feedPerDozen"),
          t("batchData.chart.feedPerDozenLabel"),
          charted.filter((r) => r.feedPerDozen !== null).map((r) => ({ x: x(r.logDate), y: round(r.feedPerDozen!, 2) })),
          "#2563eb",
          t("batchData.chart.kgSuffix"),
        )
      : drawn(
          "fcr",
          t("batchData.chart.fcr"),
          t("batchData.chart.fcrLabel"),
          charted.filter((r) => r.fcr !== null).map((r) => ({ x: x(r.logDate), y: round(r.fcr!, 2) })),
          "#2563eb",
          "",
        ),
    drawn(
      "mortality",
      t("batchData.chart.mortality"),
      t("batchData.chart.mortalityLabel"),
      charted.filter((r) => r.mortality !== null).map((r) => ({ x: x(r.logDate), y: round(r.mortality! * 100, 2) })),
      "#be123c",
      "%",
    ),
  ];
}

/** One daily chart of a batch as an image (its words in the reader's language); null for none to draw. */
export function batchLogChartSvg(batchId: number, name: string, t: Translate): string | null {
  const batch = getBatch(batchId);
  if (!batch) return null;
  const svg = logCharts(batch.productType, dailyMetrics(listFarmLogs({ batchId })), t).find((c) => c.name === name)?.svg;
  // Shown as an image, the SVG inherits no font from the page: it names one.
  return svg ? svg.replaceAll("font-family:inherit", "font-family:system-ui,sans-serif") : null;
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** The table shows a month of days per page; the charts the last 120 days. */
export const LOG_PAGE_SIZE = 30;
export const CHART_DAYS = 120;

const count = (n: number) => n.toLocaleString("en-GH");

/** A settlement sheet as the page lists it: the figures the farm gave, in the sheet's order, then the net it remitted. */
function sheetLines(r: SettlementSheet & { amountMinor: number }, t: Translate): Array<[string, string]> {
  const money = (m: number | null) => (m === null ? null : formatGhs(m));
  const lines: Array<[string, string | null]> = [
    [t("batchData.sheet.cratesSold"), r.cratesSold === null ? null : count(r.cratesSold)],
    [t("batchData.sheet.pricePerCrate"), money(r.pricePerCrateMinor)],
    [t("batchData.sheet.birdsSold"), r.birdsSold === null ? null : count(r.birdsSold)],
    [t("batchData.sheet.liveWeight"), r.liveWeightKg === null ? null : t("batchData.sheet.liveWeightKg", { kg: count(r.liveWeightKg) })],
    [t("batchData.sheet.pricePerKg"), money(r.pricePerKgMinor)],
    [t("batchData.sheet.revenue"), money(r.revenueMinor)],
    [t("batchData.sheet.feed"), money(r.feedCostMinor)],
    [t("batchData.sheet.vet"), money(r.vetCostMinor)],
    [t("batchData.sheet.otherCosts"), money(r.otherCostsMinor)],
    [t("batchData.sheet.farmShare"), money(r.farmShareMinor)],
    [t("batchData.sheet.netRemitted"), formatGhs(r.amountMinor)],
  ];
  return lines.filter((l): l is [string, string] => l[1] !== null);
}

/**
 * The Settlements section: the same batchSettlements the public API answers (one function, one
 * query), newest period first, each sheet's lines already formatted so the page ships no more data
 * than it shows.
 */
function settlementsView(batchId: number, t: Translate) {
  const s = batchSettlements(batchId);
  const overdueDays = s.nextDue?.overdueDays ?? 0;
  return {
    supportedRoi: s.supportedRoi,
    overdue: s.nextDue && overdueDays > 0 ? { period: s.nextDue.period, date: s.nextDue.date, days: overdueDays, badge: t("batchFacts.overdue", { count: overdueDays }) } : null,
    periods: [...s.periods].reverse().map((p) => ({
      period: p.period,
      dueDate: p.dueDate,
      dueMinor: p.dueMinor,
      remittedMinor: p.remittedMinor,
      paidMinor: p.paidMinor,
      taxMinor: p.taxMinor,
      fromReserveMinor: p.fromReserveMinor,
      paidOn: p.paidAt?.slice(0, 10) ?? null,
      supportedRoi: p.supportedRoi,
      sheets: p.sheets.map((r) => ({ id: r.id, receivedOn: r.createdAt.slice(0, 10), lines: sheetLines(r, t) })),
    })),
  };
}

/** The batch page (/batches/<id>): the card's figures, the farm's logs as charts and a table, payouts and funds. */
export async function batchPageLoader(request: Request, idParam: string | undefined) {
  const id = Number(idParam);
  const batch = Number.isSafeInteger(id) && id > 0 ? getBatch(id) : undefined;
  const locale = localeOf(request);
  if (!batch) throw notFoundResponse(msg("rules.batchNotFound"), locale);
  const user = await getUser(request);
  const mine = user ? listMyInvestments(user.id).filter((i) => i.batchId === batch.id && i.status === "ACTIVE") : [];
  const holding = user ? { units: mine.reduce((s, i) => s + i.unitsHeld, 0), costMinor: mine.reduce((s, i) => s + i.unitsHeld * i.unitPriceMinor, 0) } : null;
  const now = today();
  const t = translatorFor(locale);
  const farmLog = latestFarmReading(batch.id);
  const source = sensorSources([batch.id]).get(batch.id);
  const sensor = sensorView(source, farmLog ?? undefined, t);
  const card = toCardData(batch, sensor, { demo: false, now, t });
  const logs = listFarmLogs({ batchId: batch.id });
  const series = dailyMetrics(logs);
  const photos = listPhotosForLogs(logs.map((l) => l.id));
  const isEgg = batch.productType === "EGG";
  // Drawn by /batches/<id>/charts/<name>.svg as images: the page carries their names, not their markup twice (HTML and data).
  const charts = logs.length ? logCharts(batch.productType, series, t).map(({ name, title, label, svg }) => ({ title, label, src: svg ? `/batches/${batch.id}/charts/${name}.svg` : null })) : [];
  const newestFirst = [...series].reverse();
  const logPaging = pageOf(newestFirst.length, Number(new URL(request.url).searchParams.get("page")) || 1, LOG_PAGE_SIZE);
  const logById = new Map(logs.map((l) => [l.logDate, l]));
  return {
    // The card's badges, figures and timeline (~/components/invest-card) render from the catalog.
    // Of issue 29's explanations, the two this page shows (the rest would weigh on it for nothing).
    words: wordsFor(locale, ["batchCard", "batchPage", "explain.risk.EGG", "explain.risk.CHICKEN", "explain.overdue"]),
    // Withholding tax, explained where the investor decides (written here: the page is at its weight budget).
    taxNote: taxExplainedText(t, getEnv().WITHHOLDING_TAX_RATE),
    title: t("batchData.title", { id: batch.id, farm: batch.farmName }),
    description: t(`batchData.description.${batch.productType}`, { id: batch.id, farm: batch.farmName }),
    card,
    holding,
    listPath: PAGE_PATH[batch.productType],
    investHref: `${PAGE_PATH[batch.productType]}?${new URLSearchParams({ dialog: "invest", batch: String(batch.id) })}`,
    exitHref: isEgg ? `${PAGE_PATH.EGG}?${new URLSearchParams({ dialog: "exit", batch: String(batch.id) })}` : null,
    latest: latestMetrics(logs),
    // The device's last 24 hours; none drawn for a batch without readings.
    sensorChart: source?.latest ? sensorChart(batch.id, t) : null,
    charts,
    chartDays: Math.min(series.length, CHART_DAYS),
    logPaging,
    logs: newestFirst.slice(logPaging.start, logPaging.end).map((r) => {
      const log = logById.get(r.logDate)!;
      return {
        id: log.id,
        logDate: r.logDate,
        birdsAlive: r.birdsAlive,
        deaths: r.deaths,
        feedKg: r.feedKg,
        eggsCollected: r.eggsCollected,
        avgWeightKg: r.avgWeightKg,
        layRate: r.layRate,
        fcr: r.fcr,
        feedPerDozen: r.feedPerDozen,
        mortality: r.mortality,
        temperatureC: log.temperatureC,
        humidityPct: log.humidityPct,
        ammoniaPpm: log.ammoniaPpm,
        notes: log.notes,
        incident: log.incident,
        incidentDescription: log.incidentDescription,
        photos: photos.get(log.id) ?? [],
      };
    }),
    incidents: logs
      .filter((l) => l.incident)
      .map((l) => ({ id: l.id, logDate: l.logDate, description: l.incidentDescription || l.notes }))
      .reverse(),
    payouts: listBatchPayoutHistory(batch.id),
    funds: batchFunds(batch.id),
    nextPayout: nextPayout(batch, now, batchNextPayoutDue(batch), t),
    settlements: settlementsView(batch.id, t),
  };
}
