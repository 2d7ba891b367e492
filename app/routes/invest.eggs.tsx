import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { InvestPage } from "~/components/invest-page";
import { pageMeta } from "~/lib/meta";
import { investPageAction, investPageLoader } from "~/pages/invest.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = ({ request }: LoaderFunctionArgs) => investPageLoader("EGG", request);

export const action = ({ request }: ActionFunctionArgs) => investPageAction("EGG", request);

/** Messages after an invest or exit are shown on the batch's card the redirect returns to. */
export const handle = { placesFlash: true };

export default InvestPage;
