import { admin } from "~/catalog/en/admin";
import { adminDashboard } from "~/catalog/en/admin-dashboard";
import { adminMeta } from "~/catalog/en/admin-meta";
import { adminPages } from "~/catalog/en/admin-pages";

/** The admin area's namespaces, one spread in the English catalog. */
export const adminCatalog = { ...admin, ...adminDashboard, ...adminMeta, ...adminPages } as const;
