import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SvgChart } from "~/components/svg-chart";
import { FlashMessage, type Flash } from "~/components/toast";
import { batchAnchor, type SensorTone, type TimelineStep } from "~/pages/invest-list";
import { formatGhs } from "~/domain/money";
import { buyingState } from "~/domain/investing";
import type { RiskBand } from "~/domain/returns";
import type { CardData } from "~/pages/invest.server";
import type { BatchStatus } from "~/domain/types";
import { useT } from "~/catalog/use-words";

const STATUS_TONE: Record<string, string> = {
  OPEN: "bg-green-100 text-green-800",
  ACTIVE: "bg-brand-100 text-brand-700",
  CLOSED: "bg-stone-200 text-stone-700",
  HARVESTED: "bg-stone-200 text-stone-700",
};

export function StatusBadge({ status }: { status: BatchStatus }) {
  const t = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? "bg-stone-200"}`} data-status={status}>
      {t(`batchCard.status.${status}`)}
    </span>
  );
}

const RISK_TONE: Record<RiskBand, string> = { Low: "bg-green-100 text-green-800", Medium: "bg-amber-100 text-amber-900", High: "bg-red-100 text-red-800" };

export function RiskBadge({ risk }: { risk: { score: number; band: RiskBand } }) {
  const t = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${RISK_TONE[risk.band]}`} data-risk={risk.band} title={t("batchCard.riskTitle", { score: risk.score })}>
      {t("batchCard.risk", { band: { msg: `batchCard.band.${risk.band}` }, score: risk.score })}
    </span>
  );
}

const BAR_TONE: Record<SensorTone, string> = {
  ok: "bg-green-600",
  warm: "bg-orange-600",
  cold: "bg-sky-600",
  flag: "bg-amber-500",
  warning: "bg-amber-500",
  danger: "bg-red-600",
  none: "bg-stone-300",
};

/**
 * The house's conditions: the farm device's latest reading and its age (or how long it has been
 * silent), bars coloured by the thresholds of docs/rules.md#product-constants; without a device's
 * reading, the farm's daily log labelled as such, or that the batch has no device. The server
 * writes the status line (this component stays as small as the invest pages' JavaScript budget wants).
 */
export function SensorStrip({ sensor }: { sensor: CardData["sensor"] }) {
  const t = useT();
  return (
    <div className="mt-3 rounded-lg bg-stone-50 p-2" data-testid="sensor-strip">
      <p className="flex justify-between text-xs text-stone-500">
        <span>{t("batchCard.houseConditions")}</span>
        <span data-testid="sensor-source">{sensor.status}</span>
      </p>
      {sensor.bars ? (
        <ul className="mt-1 grid grid-cols-3 gap-2">
          {sensor.bars.map((bar) => (
            <li key={bar.key} className="text-xs" data-sensor={bar.key} data-tone={bar.tone}>
              <span className="block text-stone-600">{bar.label}</span>
              <strong className="block whitespace-nowrap" data-testid={`sensor-${bar.key}`}>
                {bar.value}
              </strong>
              <span className="mt-0.5 block h-1.5 rounded bg-stone-200" aria-hidden="true">
                <span className={`block h-1.5 rounded ${BAR_TONE[bar.tone]}`} style={{ width: `${bar.width}%` }} />
              </span>
              <span className="sr-only">{`(${t(`batchCard.tone.${bar.tone}`)})`}</span>
              {bar.tone !== "ok" && bar.tone !== "none" ? (
                <span className="text-[10px] text-stone-600" aria-hidden="true">
                  {t(`batchCard.tone.${bar.tone}`)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const STEP_TONE = { done: "bg-leaf-700", current: "bg-brand-500", next: "bg-stone-300" } as const;

export function Timeline({ steps }: { steps: TimelineStep[] }) {
  const t = useT();
  return (
    <ol className="space-y-1 text-xs" aria-label={t("batchCard.timeline")}>
      {steps.map((s) => (
        <li key={s.label} className="flex gap-2" data-state={s.state}>
          <span className={`mt-1 h-2 w-2 shrink-0 rounded-full ${STEP_TONE[s.state]}`} aria-hidden="true" />
          <span>
            <strong>{s.label}</strong>
            {s.state === "current" ? <span className="sr-only">{t("batchCard.now")}</span> : null}: {s.detail}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The card's timeline on one line: each stage, the current one marked, and what it means now. */
export function CompactTimeline({ steps }: { steps: TimelineStep[] }) {
  const t = useT();
  const current = steps.find((s) => s.state === "current");
  return (
    <div className="mt-3 text-xs">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1" aria-label={t("batchCard.timeline")}>
        {steps.map((s, i) => (
          <li key={s.label} className="flex items-center gap-1" data-state={s.state}>
            {i > 0 ? (
              <span className="text-stone-400" aria-hidden="true">
                →
              </span>
            ) : null}
            <span className={`rounded px-1.5 py-0.5 ${s.state === "current" ? "bg-brand-100 font-semibold text-brand-700" : s.state === "done" ? "text-leaf-700" : "text-stone-500"}`}>
              {s.state === "done" ? "✓ " : ""}
              {s.label}
              {s.state === "current" ? <span className="sr-only">{t("batchCard.now")}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {current ? <p className="mt-1 text-stone-600">{current.detail}</p> : null}
    </div>
  );
}

export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The figures every card and the batch page show. */
export function BatchFigures({ card }: { card: CardData }) {
  const t = useT();
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-3">
      <Figure label={t("batchCard.unitPrice")}>{formatGhs(card.unitPriceMinor)}</Figure>
      <Figure label={card.status === "ACTIVE" && card.productType === "EGG" ? t("batchCard.availableEarlyExit") : t("batchCard.availableUnits")} testId="available-units">
        {card.availableUnits.toLocaleString("en-GH")}
      </Figure>
      {card.roi.map((r) => (
        <Figure key={r.label} label={r.label}>
          {r.value}
        </Figure>
      ))}
      <Figure label={t("batchCard.feedCost")}>{card.feedCost}</Figure>
      {/* The batch's expected rate, set when it was listed; the batch page's daily logs show mortality so far. */}
      <Figure label={t("batchCard.mortality")}>{card.mortality}</Figure>
      {card.productType === "CHICKEN" ? <Figure label={t("batchCard.startDate")}>{card.startDate ?? t("batchCard.notStarted")}</Figure> : null}
    </dl>
  );
}

export function Certifications({ items }: { items: string[] }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("batchCard.certifications")}>
      {items.map((c) => (
        <li key={c} className="rounded-full border border-leaf-700/30 px-2 py-0.5 text-[11px] text-leaf-700">
          ✓ {c}
        </li>
      ))}
    </ul>
  );
}

/** One batch card of the invest pages. Demo cards have no way to invest. */
export function InvestCard({ card, investHref, exitHref, flash = null }: { card: CardData & { exitWhy: string | null }; investHref: string | null; exitHref: string | null; flash?: Flash | null }) {
  const t = useT();
  const canInvest = !card.demo && card.availableUnits > 0;
  return (
    // The id is where a dialog opened from this card, and its action, return to (no JavaScript needed).
    <li
      className={`card flex min-w-0 scroll-mt-20 flex-col ${card.demo ? "border-dashed bg-stone-50" : ""}`}
      data-batch={card.id}
      id={card.demo ? undefined : batchAnchor(card.id)}
      data-demo={card.demo || undefined}
    >
      {flash ? <FlashMessage flash={flash} className="mb-3" /> : null}
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{card.farmName}</h3>
          <p className="text-sm text-stone-600">{card.location}</p>
          <p className="text-xs text-stone-500">{card.demo ? t("invest.card.demoBatch", { id: card.id }) : t("invest.card.batch", { id: card.id })}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {card.demo ? <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">{t("invest.card.demo")}</span> : null}
          <StatusBadge status={card.status} />
          <RiskBadge risk={card.risk} />
        </div>
      </div>
      <BatchFigures card={card} />
      {/* What the risk number means, in the card's flow (a hover tooltip reaches no phone). */}
      <p className="mt-2 text-xs text-stone-600" data-testid="risk-explain">
        {t(`explain.risk.${card.productType}`, { score: card.risk.score })}
      </p>
      <SensorStrip sensor={card.sensor} />
      {card.chartSvg ? <SvgChart svg={card.chartSvg} className="mt-3" caption={t("batchCard.roiHistory")} /> : <p className="mt-3 text-xs text-stone-500">{t("invest.card.noHistory")}</p>}
      <div className="mt-3">
        <Certifications items={card.certifications} />
      </div>
      <CompactTimeline steps={card.timeline} />
      {card.productType === "CHICKEN" ? (
        <a href={card.mapsHref} target="_blank" rel="noopener noreferrer" className="mt-2 text-sm font-semibold text-leaf-700 underline">
          {t("invest.card.viewFarm")}
          <span className="sr-only">{t("invest.card.onMap", { id: card.id })}</span>
        </a>
      ) : null}
      <div className="mt-auto flex gap-2 pt-3">
        {card.demo ? (
          <p className="text-xs text-stone-600">{t("invest.card.demoNote")}</p>
        ) : (
          <>
            {canInvest && investHref ? (
              <Link to={investHref} preventScrollReset className="btn-primary flex-1" aria-label={t("invest.card.investIn", { id: card.id })}>
                {t("invest.card.invest")}
              </Link>
            ) : (
              <span className="btn-secondary flex-1 opacity-60" aria-disabled="true">
                {card.status === "HARVESTED"
                  ? t("invest.card.harvested")
                  : card.status === "CLOSED"
                    ? t("invest.card.closed")
                    : buyingState(card) === "sold-out"
                      ? t("invest.card.soldOut")
                      : t("invest.card.closedToNewMoney")}
              </span>
            )}
            <Link to={`/batches/${card.id}`} className="btn-secondary flex-1" aria-label={t("invest.card.auditBatch", { id: card.id })}>
              {t("invest.card.audit")}
            </Link>
            {exitHref ? (
              <Link to={exitHref} preventScrollReset className="btn-secondary flex-1" aria-label={t("invest.card.exitBatch", { id: card.id })}>
                {t("invest.card.exit")}
              </Link>
            ) : null}
          </>
        )}
      </div>
      {card.demo ? null : (
        <div className="mt-2 space-y-1 text-xs text-stone-600">
          <p>{t("explain.audit")}</p>
          {card.exitWhy ? <p data-testid="exit-why">{card.exitWhy}</p> : null}
        </div>
      )}
    </li>
  );
}

export function SkeletonCard() {
  return (
    <li className="card animate-pulse" aria-hidden="true" data-skeleton>
      <div className="h-4 w-2/3 rounded bg-stone-200" />
      <div className="mt-2 h-3 w-1/2 rounded bg-stone-200" />
      <div className="mt-4 grid grid-cols-2 gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-8 rounded bg-stone-100" />
        ))}
      </div>
      <div className="mt-4 h-14 rounded bg-stone-100" />
      <div className="mt-4 h-9 rounded bg-stone-200" />
    </li>
  );
}
