import type { BatchLogsData } from "~/routes/admin.batches.$id.logs";

const dash = (v: number | null, unit = "") => (v === null ? "–" : `${v.toLocaleString("en-GH")}${unit}`);

/** The batch's recent logs, newest first: cards that wrap at 360 px. */
export function AdminLogList({ data }: { data: BatchLogsData }) {
  const egg = data.batch.productType === "EGG";
  return (
    <section className="mt-8" aria-labelledby="logs-heading">
      <h2 id="logs-heading" className="text-lg font-semibold">Recent logs</h2>
      {data.logs.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No daily logs yet for this batch.</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {data.logs.map((l) => (
            <li key={l.id} className="card" data-log-date={l.logDate}>
              <h3 className="font-semibold">{l.logDate}{l.incident ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Incident</span> : null}</h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-500">Birds alive</dt><dd>{dash(l.birdsAlive)}</dd>
                <dt className="text-stone-500">Deaths</dt><dd>{dash(l.deaths)}</dd>
                <dt className="text-stone-500">Feed used</dt><dd>{dash(l.feedKg, " kg")}</dd>
                {egg ? (<><dt className="text-stone-500">Eggs collected</dt><dd>{dash(l.eggsCollected)}</dd></>) : (<><dt className="text-stone-500">Average weight</dt><dd>{dash(l.avgWeightKg, " kg")}</dd></>)}
                <dt className="text-stone-500">Temperature</dt><dd>{dash(l.temperatureC, " °C")}</dd>
                <dt className="text-stone-500">Humidity</dt><dd>{dash(l.humidityPct, "%")}</dd>
                <dt className="text-stone-500">Ammonia</dt><dd>{dash(l.ammoniaPpm, " ppm")}</dd>
              </dl>
              {l.incident ? <p className="mt-2 text-sm text-red-800">{l.incidentDescription}</p> : null}
              {l.notes ? <p className="mt-2 text-sm break-words text-stone-700">{l.notes}</p> : null}
              {l.photoIds.length ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {l.photoIds.map((id, n) => (
                    <a key={id} href={`/farm-photos/${id}`}>
                      <img src={`/farm-photos/${id}`} alt={`Photo ${n + 1} of ${l.logDate}`} width={72} height={72} loading="lazy" className="h-18 w-18 rounded object-cover" />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
