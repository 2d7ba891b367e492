import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ussdDoor } from "~/ussd/door.server";
import { hubtel } from "~/ussd/gateways.server";

/** Hubtel Programmable Services' USSD callback (docs/ussd.md): POST, JSON; 404 without the right secret. */
export const action = ({ request, params }: ActionFunctionArgs) => ussdDoor(request, params.secret, hubtel);
export const loader = ({ request, params }: LoaderFunctionArgs) => ussdDoor(request, params.secret, hubtel);
