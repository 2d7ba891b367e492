import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/session.server";
import { DomainError } from "~/domain/errors";
import { isTaxYear } from "~/domain/tax";
import { today } from "~/lib/clock.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { yearlyStatementJson, yearlyTaxStatement } from "~/models/tax.server";

/** The investor's yearly tax statement (?year=YYYY, default this year): per month gross income, tax withheld, net. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const asked = new URL(request.url).searchParams.get("year");
    if (asked !== null && !isTaxYear(asked)) throw new DomainError(422, msg("api.taxYear"), "year");
    return apiJson(yearlyStatementJson(yearlyTaxStatement(user.id, asked ?? today().slice(0, 4))));
  });
}

export const action = onlyMethods("GET");
