import { msg } from "~/catalog/ref";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRODUCT_TYPES, type ProductType } from "~/domain/types";
import { apiJson, handleApi, HttpError, onlyMethods, requireMethod } from "~/lib/http.server";
import { batchJson, listBatches } from "~/models/batch.server";

/** Every batch with the product fields of `batchJson`; `?product_type=EGG|CHICKEN` narrows it. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, () => {
    requireMethod(request, "GET");
    const type = new URL(request.url).searchParams.get("product_type");
    if (type && !PRODUCT_TYPES.includes(type.toUpperCase() as ProductType)) throw new HttpError(422, msg("api.productType"));
    const products = listBatches({ productType: type ? (type.toUpperCase() as ProductType) : undefined }).map(batchJson);
    return apiJson({ products });
  });
}

export const action = onlyMethods("GET");
