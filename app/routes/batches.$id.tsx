import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { BatchFigures, Certifications, RiskBadge, SensorStrip, StatusBadge, Timeline } from "~/components/invest-card";
import { SvgChart } from "~/components/svg-chart";
import { MSG } from "~/domain/messages";
import { formatGhs } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { unitsText } from "~/domain/investing";
import { SUPPORTED_ROI_RULE } from "~/domain/remittances";
import { overdueText } from "~/pages/schedules";
import { batchPageLoader } from "~/pages/batch.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        `Batch #${data.card.id} · ${data.card.farmName}`,
        `Daily farm logs, payouts and funds of ${data.card.productType === "EGG" ? "Egg Note" : "Chicken Note"} Batch #${data.card.id} at ${data.card.farmName}.`,
      )
    : pageMeta("Batch not found", "This batch does not exist.");

export const loader = ({ request, params }: LoaderFunctionArgs) => batchPageLoader(request, params.id);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const pct = (fraction: number | null, digits = 1) => (fraction === null ? "—" : `${(fraction * 100).toFixed(digits)}%`);
const num = (n: number | null, digits = 2) => (n === null ? "—" : n.toFixed(digits));

function Funds({ data }: { data: Data }) {
  const f = data.funds;
  const rows = [
    ["Raised from investors", f.raisedMinor, "funds"],
    ["Held in escrow", f.escrowMinor, "escrow"],
    ["Deployed to the farm", f.deployedMinor, "deployed"],
    ["Paid out to investors", f.paidOutMinor, "paid-out"],
  ] as const;
  return (
    <section className="card" aria-labelledby="funds-heading">
      <h2 id="funds-heading" className="text-lg font-bold">
        Where the money is
      </h2>
      <p className="text-xs text-stone-500">From the ledger: every cedi invested sits in this batch's escrow until it is deployed to the farm.</p>
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
        <span className="text-stone-500">Next payout: </span>
        <strong data-testid="next-payout">{data.nextPayout.text}</strong>
      </p>
    </section>
  );
}

function Payouts({ data }: { data: Data }) {
  return (
    <section className="card" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="text-lg font-bold">
        Payout history
      </h2>
      {data.payouts.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No payouts have been made from this batch yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="payout-history">
          {data.payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span>{p.kind === "MONTHLY" ? `Monthly income ${p.period}` : p.kind === "HARVEST" ? "Harvest payout" : "Principal returned at close"}</span>
              <span className="text-stone-600">
                {p.count} investors · <strong className="text-stone-900">{formatGhs(p.totalMinor)}</strong> · {p.createdAt.slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const periodTitle = (period: string) => (period === "HARVEST" ? "Harvest" : period === "CLOSE" ? "Principal returned at close" : `Income for ${period}`);

/** Per period: due, remitted (with the farm's settlement sheets), paid, from the reserve; and the ROI the remittances support. */
function Settlements({ data }: { data: Data }) {
  const s = data.settlements;
  const egg = data.card.productType === "EGG";
  const rate = (r: number) => (egg ? `${pct(r, 2)} a month (${pct(r * 12)} a year)` : `${pct(r)} per cycle`);
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
        Settlements
      </h2>
      <p className="text-xs text-stone-500">What the farm remitted for each period, with its settlement sheet; what investors were paid from it; and what the platform's reserve added.</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        {cell("Expected ROI", rate(data.card.expectedRoi), "expected-roi")}
        {cell("Supported by the farm's remittances", s.supportedRoi === null ? "Nothing remitted yet" : rate(s.supportedRoi), "supported-roi")}
      </dl>
      <p className="mt-2 text-xs text-stone-600">{SUPPORTED_ROI_RULE[data.card.productType]}</p>
      {s.overdue ? (
        <p className="mt-3 text-sm" data-testid="settlements-overdue">
          <span className="mr-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{overdueText(s.overdue.days)}</span>{" "}
          {s.overdue.period ? `Income for ${s.overdue.period}` : "The harvest payout"} was due by {s.overdue.date} and has not been paid.
        </p>
      ) : null}
      {s.periods.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No remittances or payouts for this batch yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {s.periods.map((p, i) => (
            <li key={p.period} className="rounded-lg border border-stone-200 p-3" data-period={p.period}>
              <h3 className="font-semibold">{periodTitle(p.period)}</h3>
              <p className="text-xs text-stone-500">
                {p.dueDate ? `Due by ${p.dueDate}` : "Due at close"} · {p.paidOn ? `paid ${p.paidOn}` : "not paid yet"}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                {cell("Due", p.dueMinor === null ? "—" : formatGhs(p.dueMinor))}
                {cell("Remitted by the farm", formatGhs(p.remittedMinor), "remitted")}
                {cell("Paid to investors", p.taxMinor > 0 ? `${formatGhs(p.paidMinor)} (${formatGhs(p.taxMinor)} tax)` : formatGhs(p.paidMinor), "paid")}
                {cell("From the reserve", formatGhs(p.fromReserveMinor), "from-reserve")}
                {p.supportedRoi === null ? null : cell("Supported ROI", rate(p.supportedRoi))}
              </dl>
              {p.sheets.map((sheet, n) => (
                <details key={sheet.id} open={i === 0} className="mt-2 text-sm">
                  <summary className="cursor-pointer text-leaf-700">
                    Settlement sheet{p.sheets.length > 1 ? ` ${n + 1}` : ""}, received {sheet.receivedOn}
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
  const isEgg = data.card.productType === "EGG";
  if (data.logs.length === 0) {
    return (
      <section className="card" aria-labelledby="logs-heading">
        <h2 id="logs-heading" className="text-lg font-bold">
          Farm daily logs
        </h2>
        <p className="mt-2 text-stone-700" data-testid="no-logs">
          The farm has not posted any daily logs for this batch yet. Lay rate, weights, feed conversion, mortality, incidents and photos will appear here as soon as it does.
        </p>
      </section>
    );
  }
  const latest = data.latest!;
  return (
    <section aria-labelledby="logs-heading" className="space-y-4">
      <div className="card">
        <h2 id="logs-heading" className="text-lg font-bold">
          Farm daily logs
        </h2>
        <p className="text-xs text-stone-500">
          {latest.days} days logged; latest {latest.logDate}.{data.chartDays < latest.days ? ` Charts show the last ${data.chartDays} days.` : ""}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="latest-metrics">
          <div>
            <dt className="text-xs text-stone-500">Birds alive</dt>
            <dd className="font-semibold">{latest.birdsAlive.toLocaleString("en-GH")}</dd>
          </div>
          {isEgg ? (
            <>
              <div>
                <dt className="text-xs text-stone-500">Lay rate</dt>
                <dd className="font-semibold" data-testid="latest-lay-rate">
                  {pct(latest.layRate)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">Feed per dozen eggs</dt>
                <dd className="font-semibold">{latest.feedPerDozen === null ? "—" : `${num(latest.feedPerDozen)} kg`}</dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt className="text-xs text-stone-500">Average weight</dt>
                <dd className="font-semibold">{latest.avgWeightKg === null ? "—" : `${num(latest.avgWeightKg)} kg`}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">Feed conversion (FCR)</dt>
                <dd className="font-semibold" data-testid="latest-fcr">
                  {num(latest.fcr)}
                </dd>
              </div>
            </>
          )}
          <div>
            <dt className="text-xs text-stone-500">Mortality so far</dt>
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
            {c.svg ? <SvgChart svg={c.svg} className="mt-2" /> : <p className="mt-2 text-sm text-stone-600">Not enough logged days to draw this yet.</p>}
          </div>
        ))}
      </div>
      <div className="card">
        <h3 className="font-semibold">Incidents</h3>
        {data.incidents.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">No incidents reported.</p>
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
        <h3 className="px-4 pt-4 font-semibold">Daily log table</h3>
        <div className="mt-2 overflow-x-auto" role="region" aria-label="Daily log table" tabIndex={0}>
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="log-table">
            <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
              <tr>
                {["Date", "Birds alive", "Deaths", "Feed (kg)", isEgg ? "Eggs" : "Avg weight", isEgg ? "Lay rate" : "FCR", "Mortality", "Temp", "Humidity", "Ammonia", "Notes"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.logs.map((l) => (
                <tr key={l.id} className={`border-b border-stone-100 last:border-0 ${l.incident ? "bg-red-50" : ""}`} data-log-date={l.logDate}>
                  <td className="px-3 py-1.5 whitespace-nowrap">{l.logDate}</td>
                  <td className="px-3 py-1.5">{l.birdsAlive.toLocaleString("en-GH")}</td>
                  <td className="px-3 py-1.5">{l.deaths}</td>
                  <td className="px-3 py-1.5">{l.feedKg}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{isEgg ? (l.eggsCollected ?? "—") : l.avgWeightKg === null ? "—" : `${l.avgWeightKg} kg`}</td>
                  <td className="px-3 py-1.5">{isEgg ? pct(l.layRate) : num(l.fcr)}</td>
                  <td className="px-3 py-1.5">{pct(l.mortality, 2)}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{l.temperatureC === null ? "—" : `${l.temperatureC}°C`}</td>
                  <td className="px-3 py-1.5">{l.humidityPct === null ? "—" : `${l.humidityPct}%`}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{l.ammoniaPpm === null ? "—" : `${l.ammoniaPpm} ppm`}</td>
                  <td className="min-w-[14rem] px-3 py-1.5">
                    {l.incident ? <strong className="text-red-800">Incident: {l.incidentDescription} </strong> : null}
                    {l.notes}
                    {l.photos.map((p, n) => (
                      <a key={p.id} href={p.href} className="ml-1 text-leaf-700 underline" target="_blank" rel="noopener noreferrer">
                        Photo {n + 1}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.logPaging.pageCount > 1 ? (
          <nav className="flex items-center justify-between gap-2 p-3" aria-label="Daily log pages">
            {data.logPaging.hasPrev ? (
              <Link to={`?page=${data.logPaging.page - 1}`} preventScrollReset className="btn-secondary">
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-stone-700">{`Page ${data.logPaging.page} of ${data.logPaging.pageCount}`}</span>
            {data.logPaging.hasNext ? (
              <Link to={`?page=${data.logPaging.page + 1}`} preventScrollReset className="btn-secondary">
                Older
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
  const data = useLoaderData<typeof loader>();
  const { card } = data;
  const canInvest = card.availableUnits > 0;
  return (
    <section className="container-page space-y-4 py-6 sm:py-10">
      <p className="text-sm">
        <Link to={data.listPath} className="text-leaf-700 underline">
          ← {card.productType === "EGG" ? "Egg Notes" : "Chicken Notes"}
        </Link>
      </p>
      <div className="card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
              {card.productType === "EGG" ? "Egg Note" : "Chicken Note"} · Batch #{card.id}
            </p>
            <h1 className="text-2xl font-bold break-words">{card.farmName}</h1>
            <p className="text-stone-600">
              {card.location}
              {" · "}
              <a href={card.mapsHref} target="_blank" rel="noopener noreferrer" className="text-leaf-700 underline">
                View farm
              </a>
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <StatusBadge status={card.status} />
            <RiskBadge risk={card.risk} />
          </div>
        </div>
        <BatchFigures card={card} />
        <p className="mt-2 text-sm text-stone-600">
          {card.unitsPlaced.toLocaleString("en-GH")} of {unitsText(card.targetUnits)} placed
          {card.unitsOffered > 0 ? ` · ${card.unitsOffered.toLocaleString("en-GH")} offered through early exit` : ""}
        </p>
        {data.holding ? (
          <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm" data-testid="your-holding">
            {data.holding.units > 0 ? (
              <>
                You hold <strong>{unitsText(data.holding.units)}</strong> ({formatGhs(data.holding.costMinor)}) in this batch.
              </>
            ) : (
              "You hold no units in this batch."
            )}
          </p>
        ) : null}
        <SensorStrip sensor={card.sensor} />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <SvgChart svg={card.chartSvg} caption="ROI history, in percent" />
          <div className="space-y-2">
            <Certifications items={card.certifications} />
            <Timeline steps={card.timeline} />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {canInvest ? (
            <Link to={data.investHref} className="btn-primary">
              Invest
            </Link>
          ) : null}
          {data.exitHref ? (
            <Link to={data.exitHref} className="btn-secondary">
              Exit
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

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{notFound ? MSG.batchNotFound : "Could not load this batch"}</h1>
      <p className="mt-2 text-stone-600">{notFound ? "There is no batch with this number." : "Please try again in a moment."}</p>
      <div className="mt-6 flex gap-2">
        <Link to="/invest/eggs" className="btn-primary">
          Egg Notes
        </Link>
        <Link to="/invest/chicken" className="btn-secondary">
          Chicken Notes
        </Link>
      </div>
    </section>
  );
}
