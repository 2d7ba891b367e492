import { msg } from "~/catalog/ref";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { readSignInCode, type SignInCode } from "~/domain/two-factor";
import { LoginSchema, RegisterSchema, type RegisterInput } from "~/forms/account.server";
import { fieldMessages } from "~/forms/parse.server";
import { clientIp, HttpError, withoutNul } from "~/lib/http.server";
import type { MessageRef } from "~/catalog/format";
import { getEnv } from "~/lib/env.server";
import { reserveAttempt } from "~/lib/rate-limit.server";
import type { User } from "~/models/user.server";

/** The only errors a login attempt turns into a message; anything else is a real fault and is rethrown. */
export class LoginError extends HttpError {
  constructor(
    public status: 401 | 422 | 429,
    message: string | MessageRef,
    /** Each bad field's message; the door renders them in its reader's language. */
    public fields: Record<string, string | MessageRef> = {},
  ) {
    super(status, message);
  }
}

/** What a login form sent, read: `code` only where the password and the code come together (the API). */
export type Credentials = { email: string; password: string; code?: SignInCode };

function readCredentials(email: FormDataEntryValue | null, password: FormDataEntryValue | null): Credentials {
  // The strategy reads the form itself: a NUL is dropped here, as from every page form (the API's door refused one already).
  const parsed = LoginSchema.safeParse({ email: typeof email === "string" ? withoutNul(email) : (email ?? undefined), password: password ?? undefined });
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error);
    throw new LoginError(422, Object.values(fields)[0], fields);
  }
  return parsed.data;
}

/** Where a login without a redirectTo lands: an admin on the dashboard, an investor on the portfolio. */
export const landingPath = (user: Pick<User, "isAdmin">) => (user.isAdmin ? "/admin" : "/portfolio");

/**
 * Reads a login form into Credentials (a LoginError 422 when it cannot); the door then signs in
 * with them (signIn in app/commands/account.server.ts).
 */
export const authenticator = new Authenticator<Credentials>()
  // The login page's form: email + password (the code comes on a second step).
  .use(new FormStrategy(async ({ form }) => readCredentials(form.get("email"), form.get("password"))), "form")
  // The API's OAuth2-style form: username (the email) + password, and the code when two factors are on.
  .use(new FormStrategy(async ({ form }) => ({ ...readCredentials(form.get("username"), form.get("password")), code: readSignInCode(form.get("code")) })), "api-form");

export class RegisterError extends HttpError {
  constructor(
    public status: 409 | 422 | 429,
    message: string | MessageRef,
    /** Each bad field's message; the door renders them in its reader's language. */
    public fields: Record<string, string | MessageRef> = {},
  ) {
    super(status, message);
  }
}

/** Counts a registration per client address, before the form is even read, so account creation cannot be scripted at speed. */
export function guardRegistration(request: Request): void {
  if (!reserveAttempt(`register:${clientIp(request)}`, getEnv().REGISTRATIONS_PER_ADDRESS)) throw new RegisterError(429, msg("rules.tooManyAttempts"));
}

/** The registration form or JSON body, read (a RegisterError 422 naming each bad field). */
export function readRegistration(input: unknown): RegisterInput {
  const parsed = RegisterSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldMessages(parsed.error);
    throw new RegisterError(422, Object.values(fields)[0], fields);
  }
  return parsed.data;
}
