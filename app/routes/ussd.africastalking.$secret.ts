import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ussdDoor } from "~/ussd/door.server";
import { africasTalking } from "~/ussd/gateways.server";

/** Africa's Talking's USSD callback (docs/ussd.md): POST, form-encoded; 404 without the right secret. */
export const action = ({ request, params }: ActionFunctionArgs) => ussdDoor(request, params.secret, africasTalking);
export const loader = ({ request, params }: LoaderFunctionArgs) => ussdDoor(request, params.secret, africasTalking);
