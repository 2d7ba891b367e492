import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { PgSyncClient } from "~/lib/pg-sync-client.server";
import { onPostgres, testPostgresUrl } from "../../test/support/postgres";

/**
 * The synchronous PostgreSQL client's wait for an answer. It needs PostgreSQL, so it runs in the
 * "postgres" project only (vitest.config.ts).
 */
describe.skipIf(!onPostgres())("PgSyncClient", () => {
  const client = onPostgres() ? new PgSyncClient(testPostgresUrl("postgres")!, { applicationName: "akoko-tests" }) : undefined;
  afterAll(() => client?.close());

  it("waits for its own answer when woken before it came (the previous answer's late notify)", async () => {
    const db = client!;
    expect(db.query("select 1 as n").rows).toEqual([{ n: 1 }]);
    // The connection's worker answers by setting this flag and then notifying it; between the two it
    // may be paused, and its notify then lands in the next request's wait. A thread of the test's
    // own plays that late notify, again and again, while the next request's answer is on its way.
    const flag = (db as unknown as { flag: Int32Array }).flag;
    const control = new Int32Array(new SharedArrayBuffer(8)); // [0]: the notifier runs, [1]: stop it
    const notifier = new Worker(
      `const { workerData: { flag, control } } = require("node:worker_threads");
       const pause = new Int32Array(new SharedArrayBuffer(4));
       Atomics.store(control, 0, 1);
       Atomics.notify(control, 0);
       while (Atomics.load(control, 1) === 0) {
         Atomics.notify(flag, 0);
         Atomics.wait(pause, 0, 0, 1);
       }`,
      { eval: true, workerData: { flag, control } },
    );
    try {
      expect(Atomics.wait(control, 0, 0, 10_000)).not.toBe("timed-out");
      // Half a second in which the notifier wakes the wait some hundreds of times.
      expect(db.query("select pg_sleep(0.5), 42 as n").rows[0]).toMatchObject({ n: 42 });
      expect(db.prepare<[number], { n: number }>("select ?::int + 1 as n").get(41)).toEqual({ n: 42 });
    } finally {
      Atomics.store(control, 1, 1);
      await notifier.terminate();
    }
  });
});
