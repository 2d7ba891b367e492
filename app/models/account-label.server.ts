import { sql } from "drizzle-orm";
import { users } from "~/models/schema.server";

/**
 * accountLabel (app/domain/account.ts) in SQL, for admin lists that select it with their rows: the
 * email, or for an account registered by phone (issue 31) its phone number, else its number.
 */
export const accountLabelSql = sql<string>`coalesce(${users.email}, ${users.phone}, '#' || ${users.id})`;
