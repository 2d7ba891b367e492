import type { useLoaderData } from "@remix-run/react";
import type { batchLogsLoader } from "~/pages/farm-log.server";

/** What the page's loader sends, as its components receive it. */
export type BatchLogsData = ReturnType<typeof useLoaderData<typeof batchLogsLoader>>;
