import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/account-settings";
import { pageMeta } from "~/lib/meta";
import type { AccountActionResult } from "~/pages/account";
import { accountAction, accountLoader } from "~/pages/account.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = accountLoader;
export const action = accountAction;

export default function Account() {
  return <AccountSettings data={useLoaderData<typeof loader>()} result={useActionData<typeof action>() as AccountActionResult | undefined} />;
}
