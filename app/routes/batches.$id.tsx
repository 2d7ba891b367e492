import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { BatchFigures, Certifications, RiskBadge, SensorStrip, StatusBadge, Timeline } from "~/components/invest-card";
import { SvgChart } from "~/components/svg-chart";
import { Cell } from "~/components/stacked-cell";

import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { batchPageLoader } from "~/pages/batch.server";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return pageMeta(data.title, data.description);
  // No page data (the batch does not exist): the words every page has, from the root.
  const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
  return pageMeta(t("common.batchError.title404"), t("common.batchError.description404"));
};

export const loader = ({ request, params }: LoaderFunctionArgs) => batchPageLoader(request, params.id);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const pct = (fraction: number | null, digits = 1) => (fraction === null ? "—" : `${(fraction * 100).toFixed(digits)}%`);
const num = (n: number | null, digits = 2) => (n === null ? "—" : n.toFixed(digits));

function Funds({ data }: { data: Data }) {
  const t = useT();
  const f = data.funds;
  const rows = [
    [t("batchPage.funds.raised"), f.raisedMinor, "funds"],
    [t("batchPage.funds.escrow"), f.escrowMinor, "escrow"],
    [t("batchPage.funds.deployed"), f.deployedMinor, "deployed"],
    [t("batchPage.funds.paidOut"), f.paidOutMinor, "paid-out"],
  ] as const;
  return (
    <section className="card" aria-labelledby="funds-heading">
      <h2 id="funds-heading" className="text-lg font-bold">
        {t("batchPage.funds.title")}
      </h2>
      <p className="text-xs text-stone-500">{t("batchPage.funds.note")}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        {rows.map(([label, minor, id]) => (
          <div key={id}>
            <dt className="text-xs text-stone-500">{label}</dt>
            <dd className="font-semibold" data-testid={`funds-${id}`}>
              {formatGhs(minor)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">
        <span className="text-stone-500">{t("batchPage.funds.nextPayout")}</span>
        <strong data-testid="next-payout">{data.nextPayout.text}</strong>
      </p>
    </section>
  );
}

function Payouts({ data }: { data: Data }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="text-lg font-bold">
        {t("batchPage.payouts.title")}
      </h2>
      {data.payouts.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("batchPage.payouts.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="payout-history">
          {data.payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span>{p.kind === "MONTHLY" ? t("batchPage.payouts.monthly", { period: p.period }) : p.kind === "HARVEST" ? t("batchPage.payouts.harvest") : t("batchPage.payouts.close")}</span>
              <span className="text-stone-600">
                {t("batchPage.payouts.investors", { count: p.count })} · <strong className="text-stone-900">{formatGhs(p.totalMinor)}</strong> · {p.createdAt.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const periodTitle = (period: string, t: ReturnType<typeof useT>) =>
  period === "HARVEST" ? t("batchPage.period.HARVEST") : period === "CLOSE" ? t("batchPage.period.CLOSE") : t("batchPage.period.month", { period });

/** Per period: due, remitted (with the farm's settlement sheets), paid, from the reserve; and the ROI the remittances support. */
function Settlements({ data }: { data: Data }) {
  const t = useT();
  const s = data.settlements;
  const egg = data.card.productType === "EGG";
  const rate = (r: number) => (egg ? t("batchPage.rate.EGG", { monthly: pct(r, 2), yearly: pct(r * 12) }) : t("batchPage.rate.CHICKEN", { rate: pct(r) }));
  const cell = (label: string, value: string, id?: string) => (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-semibold" data-testid={id}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="card" aria-labelledby="settlements-heading" data-testid="settlements">
      <h2 id="settlements-heading" className="text-lg font-bold">
        {t("batchPage.settlements.title")}
      </h2>
      <p className="text-xs text-stone-500">{t("batchPage.settlements.note")}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        {cell(t("batchPage.settlements.expectedRoi"), rate(data.card.expectedRoi), "expected-roi")}
        {cell(t("batchPage.settlements.supported"), s.supportedRoi === null ? t("batchPage.settlements.nothingRemitted") : rate(s.supportedRoi), "supported-roi")}
      </dl>
      <p className="mt-2 text-xs text-stone-600">{t(`batchPage.settlements.rule.${data.card.productType}`)}</p>
      {s.overdue ? (
        <p className="mt-3 text-sm" data-testid="settlements-overdue">
          <span className="mr-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{s.overdue.badge}</span>{" "}
          {s.overdue.period ? t("batchPage.overdue.month", { period: s.overdue.period, date: { date: s.overdue.date } }) : t("batchPage.overdue.harvest", { date: { date: s.overdue.date } })}
        </p>
      ) : null}
      {s.overdue ? (
        <p className="mt-1 text-xs text-stone-600" data-testid="overdue-explain">
          {t("explain.overdue")}
        </p>
      ) : null}
      {s.periods.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t("batchPage.settlements.none")}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {s.periods.map((p, i) => (
            <li key={p.period} className="rounded-lg border border-stone-200 p-3" data-period={p.period}>
              <h3 className="font-semibold">{periodTitle(p.period, t)}</h3>
              <p className="text-xs text-stone-500">
                {p.dueDate ? t("batchPage.period.dueBy", { date: { date: p.dueDate } }) : t("batchPage.period.dueAtClose")} ·{" "}
                {p.paidOn ? t("batchPage.period.paidOn", { date: { date: p.paidOn } }) : t("batchPage.period.notPaid")}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                {cell(t("batchPage.period.due"), p.dueMinor === null ? "—" : formatGhs(p.dueMinor))}
                {cell(t("batchPage.period.remitted"), formatGhs(p.remittedMinor), "remitted")}
                {cell(t("batchPage.period.paid"), p.taxMinor > 0 ? t("batchPage.period.paidWithTax", { paid: formatGhs(p.paidMinor), tax: formatGhs(p.taxMinor) }) : formatGhs(p.paidMinor), "paid")}
                {cell(t("batchPage.period.fromReserve"), formatGhs(p.fromReserveMinor), "from-reserve")}
                {p.supportedRoi === null ? null : cell(t("batchPage.period.supportedRoi"), rate(p.supportedRoi))}
              </dl>
              {p.sheets.map((sheet, n) => (
                <details key={sheet.id} open={i === 0} className="mt-1 text-sm">
                  <summary className="cursor-pointer py-1 text-leaf-700">
                    {p.sheets.length > 1 ? t("batchPage.sheetN", { n: n + 1, date: { date: sheet.receivedOn } }) : t("batchPage.sheet", { date: { date: sheet.receivedOn } })}
                  </summary>
                  <dl className="mt-1 divide-y divide-stone-100" data-testid="sheet">
                    {sheet.lines.map(([label, value]) => (
                      <div key={label} className="flex justify-between gap-2 py-0.5">
                        <dt className="text-stone-600">{label}</dt>
                        <dd className="text-right font-medium">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FarmLogs({ data }: { data: Data }) {
  const t = useT();
  const kg = (value: string) => t("batchPage.logs.kg", { value });
  const isEgg = data.card.productType === "EGG";
  // The daily log's columns: the table's head on wider screens, each value's label on a phone.
  const columns = [
    t("batchPage.table.date"),
    t("batchPage.table.birdsAlive"),
    t("batchPage.table.deaths"),
    t("batchPage.table.feed"),
    isEgg ? t("batchPage.table.eggs") : t("batchPage.table.avgWeight"),
    isEgg ? t("batchPage.table.layRate") : t("batchPage.table.fcr"),
    t("batchPage.table.mortality"),
    t("batchPage.table.temp"),
    t("batchPage.table.humidity"),
    t("batchPage.table.ammonia"),
    t("batchPage.table.notes"),
  ];
  if (data.logs.length === 0) {
    return (
      <section className="card" aria-labelledby="logs-heading">
        <h2 id="logs-heading" className="text-lg font-bold">
          {t("batchPage.logs.title")}
        </h2>
        <p className="mt-2 text-stone-700" data-testid="no-logs">
          {t("batchPage.logs.none")}
        </p>
      </section>
    );
  }
  const latest = data.latest!;
  return (
    <section aria-labelledby="logs-heading" className="space-y-4">
      <div className="card">
        <h2 id="logs-heading" className="text-lg font-bold">
          {t("batchPage.logs.title")}
        </h2>
        <p className="text-xs text-stone-500">
          {t("batchPage.logs.summary", { days: latest.days, date: { date: latest.logDate } })}
          {data.chartDays < latest.days ? t("batchPage.logs.chartDays", { days: data.chartDays }) : ""}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="latest-metrics">
          <div>
            <dt className="text-xs text-stone-500">{t("batchPage.logs.birdsAlive")}</dt>
            <dd className="font-semibold">{latest.birdsAlive.toLocaleString("en-GH")}</dd>
          </div>
          {isEgg ? (
            <>
              <div>
                <dt className="text-xs text-stone-500">{t("batchPage.logs.layRate")}</dt>
                <dd className="font-semibold" data-testid="latest-lay-rate">
                  {pct(latest.layRate)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">{t("batchPage.logs.feedPerDozen")}</dt>
                <dd className="font-semibold">{latest.feedPerDozen === null ? "—" : kg(num(latest.feedPerDozen))}</dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt className="text-xs text-stone-500">{t("batchPage.logs.avgWeight")}</dt>
                <dd className="font-semibold">{latest.avgWeightKg === null ? "—" : kg(num(latest.avgWeightKg))}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">{t("batchPage.logs.fcr")}</dt>
                <dd className="font-semibold" data-testid="latest-fcr">
                  {num(latest.fcr)}
                </dd>
              </div>
            </>
          )}
          <div>
            <dt className="text-xs text-stone-500">{t("batchPage.logs.mortality")}</dt>
            <dd className="font-semibold" data-testid="latest-mortality">
              {pct(latest.mortality, 2)}
            </dd>
          </div>
        </dl>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {data.charts.map((c) => (
          <div key={c.title} className="card">
            <h3 className="font-semibold">{c.title}</h3>
            {c.src ? <img src={c.src} alt={c.label} width={300} height={190} className="mt-2 h-auto w-full" /> : <p className="mt-2 text-sm text-stone-600">{t("batchPage.logs.notEnough")}</p>}
          </div>
        ))}
      </div>
      <div className="card">
        <h3 className="font-semibold">{t("batchPage.incidents.title")}</h3>
        {data.incidents.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">{t("batchPage.incidents.none")}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm" data-testid="incidents">
            {data.incidents.map((i) => (
              <li key={i.id}>
                <strong>{i.logDate}</strong>: {i.description}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card p-0">
        <h3 className="px-4 pt-4 font-semibold">{t("batchPage.table.title")}</h3>
        {/* Wider screens get the table, in a box of its own; a phone gets a card per day (nothing scrolls sideways). */}
        <div className="mt-2 overflow-x-auto" role="region" aria-label={t("batchPage.table.title")} tabIndex={0}>
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[44rem]" data-testid="log-table">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase max-sm:sr-only">
              <tr>
                {columns.map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {data.logs.map((l) => (
                <tr
                  key={l.id}
                  className={`border-b border-stone-100 last:border-0 max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-2 max-sm:px-4 max-sm:py-2 ${l.incident ? "bg-red-50" : ""}`}
                  data-log-date={l.logDate}
                >
                  <Cell label={columns[0]} className="whitespace-nowrap sm:py-1.5">
                    {l.logDate}
                  </Cell>
                  <Cell label={columns[1]} className="sm:py-1.5">
                    {l.birdsAlive.toLocaleString("en-GH")}
                  </Cell>
                  <Cell label={columns[2]} className="sm:py-1.5">
                    {l.deaths}
                  </Cell>
                  <Cell label={columns[3]} className="sm:py-1.5">
                    {l.feedKg}
                  </Cell>
                  <Cell label={columns[4]} className="whitespace-nowrap sm:py-1.5">
                    {isEgg ? (l.eggsCollected ?? "—") : l.avgWeightKg === null ? "—" : kg(String(l.avgWeightKg))}
                  </Cell>
                  <Cell label={columns[5]} className="sm:py-1.5">
                    {isEgg ? pct(l.layRate) : num(l.fcr)}
                  </Cell>
                  <Cell label={columns[6]} className="sm:py-1.5">
                    {pct(l.mortality, 2)}
                  </Cell>
                  <Cell label={columns[7]} className="whitespace-nowrap sm:py-1.5">
                    {l.temperatureC === null ? "—" : `${l.temperatureC}°C`}
                  </Cell>
                  <Cell label={columns[8]} className="sm:py-1.5">
                    {l.humidityPct === null ? "—" : `${l.humidityPct}%`}
                  </Cell>
                  <Cell label={columns[9]} className="whitespace-nowrap sm:py-1.5">
                    {l.ammoniaPpm === null ? "—" : `${l.ammoniaPpm} ppm`}
                  </Cell>
                  <Cell label={columns[10]} className="max-sm:col-span-3 sm:min-w-[14rem] sm:py-1.5">
                    {l.incident ? <strong className="text-red-800">{t("batchPage.table.incident", { description: l.incidentDescription ?? "" })}</strong> : null}
                    {l.notes}
                    {l.photos.map((p, n) => (
                      <a key={p.id} href={p.href} className="ml-1 text-leaf-700 underline" target="_blank" rel="noopener noreferrer">
                        {t("batchPage.table.photo", { n: n + 1 })}
                      </a>
                    ))}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.logPaging.pageCount > 1 ? (
          <nav className="flex items-center justify-between gap-2 p-3" aria-label={t("batchPage.table.pages")}>
            {data.logPaging.hasPrev ? (
              <Link to={`?page=${data.logPaging.page - 1}`} preventScrollReset className="btn-secondary">
                {t("batchPage.table.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-stone-700">{t("batchPage.table.page", { page: data.logPaging.page, pages: data.logPaging.pageCount })}</span>
            {data.logPaging.hasNext ? (
              <Link to={`?page=${data.logPaging.page + 1}`} preventScrollReset className="btn-secondary">
                {t("batchPage.table.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </section>
  );
}

export default function BatchPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const { card } = data;
  const canInvest = card.availableUnits > 0;
  return (
    <section className="container-page space-y-4 py-6 sm:py-10">
      <p className="text-sm">
        <Link to={data.listPath} className="text-leaf-700 underline">
          {t(`batchPage.back.${card.productType}`)}
        </Link>
      </p>
      <div className="card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{t(`batchPage.kicker.${card.productType}`, { id: card.id })}</p>
            <h1 className="text-2xl font-bold break-words">{card.farmName}</h1>
            <p className="text-stone-600">
              {card.location}
              {" · "}
              <a href={card.mapsHref} target="_blank" rel="noopener noreferrer" className="text-leaf-700 underline">
                {t("batchPage.viewFarm")}
              </a>
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <StatusBadge status={card.status} />
            <RiskBadge risk={card.risk} />
          </div>
        </div>
        <BatchFigures card={card} />
        <p className="mt-2 text-xs text-stone-600" data-testid="risk-explain">
          {t(`explain.risk.${card.productType}`, { score: card.risk.score })}
        </p>
        <p className="mt-2 text-sm text-stone-600">
          {t("batchPage.placed", { placed: { number: card.unitsPlaced }, target: t("batchPage.units", { count: card.targetUnits }) })}
          {card.unitsOffered > 0 ? t("batchPage.offered", { offered: { number: card.unitsOffered } }) : ""} {data.taxNote}
        </p>
        {data.holding ? (
          <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm" data-testid="your-holding">
            {data.holding.units > 0
              ? withElements(t("batchPage.youHold", { ...slots("units"), cost: formatGhs(data.holding.costMinor) }), {
                  units: <strong>{t("batchPage.units", { count: data.holding.units })}</strong>,
                })
              : t("batchPage.youHoldNone")}
          </p>
        ) : null}
        <SensorStrip sensor={card.sensor} />
        {/* The device's last 24 hours, an image drawn on the server (no script). */}
        {data.sensorChart ? <img src={`/batches/${card.id}/sensor.svg`} alt={data.sensorChart} className="mt-2 w-full max-w-md" /> : null}
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <SvgChart svg={card.chartSvg} caption={t("batchPage.roiHistory")} />
          <div className="space-y-2">
            <Certifications items={card.certifications} />
            <Timeline steps={card.timeline} />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {canInvest ? (
            <Link to={data.investHref} className="btn-primary">
              {t("batchPage.invest")}
            </Link>
          ) : null}
          {data.exitHref ? (
            <Link to={data.exitHref} className="btn-secondary">
              {t("batchPage.exit")}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Funds data={data} />
        <Payouts data={data} />
      </div>
      <Settlements data={data} />
      <FarmLogs data={data} />
    </section>
  );
}

/** No page data here: the words are the root's (`common`). */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{notFound ? String(error.data) : t("common.batchError.title")}</h1>
      <p className="mt-2 text-stone-600">{notFound ? t("common.batchError.notFound") : t("common.batchError.body")}</p>
      <div className="mt-6 flex gap-2">
        <Link to="/invest/eggs" className="btn-primary">
          {t("common.nav.eggNotes")}
        </Link>
        <Link to="/invest/chicken" className="btn-secondary">
          {t("common.nav.chickenNotes")}
        </Link>
      </div>
    </section>
  );
}
