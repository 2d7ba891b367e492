import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { EMAIL_TAKEN, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { LoginSchema, RegisterSchema } from "~/forms/account.server";
import { fieldErrors } from "~/forms/parse.server";
import { clientIp } from "~/lib/http.server";
import { getEnv } from "~/lib/env.server";
import { clearAttempts, releaseAttempt, reserveAttempt } from "~/lib/rate-limit.server";
import { createUser, EmailTakenError, verifyLogin, type User } from "~/models/user.server";

/** The only errors a login attempt turns into a message; anything else is a real fault and is rethrown. */
export class LoginError extends Error {
  constructor(
    public status: 401 | 422 | 429,
    message: string,
    public fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function verifyCredentials(email: FormDataEntryValue | null, password: FormDataEntryValue | null, request: Request): Promise<User> {
  const parsed = LoginSchema.safeParse({ email: email ?? undefined, password: password ?? undefined });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new LoginError(422, Object.values(fields)[0], fields);
  }
  const env = getEnv();
  const ip = clientIp(request);
  const accountKey = `login:${ip}:${parsed.data.email}`;
  const addressKey = `login-ip:${ip}`;
  // Each attempt is counted before the (slow, async) hash: parallel guesses cannot all pass the check
  // first. This per-(address, account) limit may refuse anything for that account.
  if (!reserveAttempt(accountKey, env.AUTH_RATE_LIMIT)) throw new LoginError(429, TOO_MANY_ATTEMPTS);
  // The address-wide counter is shared by everyone behind one address (a carrier's NAT, an office):
  // over its limit, wrong passwords get 429, but a correct password still logs in.
  const addressOver = !reserveAttempt(addressKey, env.LOGIN_FAILURES_PER_ADDRESS);
  const user = await verifyLogin(parsed.data.email, parsed.data.password);
  if (!user) {
    if (addressOver) throw new LoginError(429, TOO_MANY_ATTEMPTS);
    throw new LoginError(401, INVALID_CREDENTIALS);
  }
  // Only failures count: the account's slate is wiped, the address's reservation given back.
  clearAttempts(accountKey);
  if (!addressOver) releaseAttempt(addressKey);
  return user;
}

/** Where a login without a redirectTo lands: an admin on the dashboard, an investor on the portfolio. */
export const landingPath = (user: Pick<User, "isAdmin">) => (user.isAdmin ? "/admin" : "/portfolio");

export const authenticator = new Authenticator<User>()
  // The login page's form: email + password.
  .use(new FormStrategy(({ form, request }) => verifyCredentials(form.get("email"), form.get("password"), request)), "form")
  // The API's OAuth2-style form: username (the email) + password.
  .use(new FormStrategy(({ form, request }) => verifyCredentials(form.get("username"), form.get("password"), request)), "api-form");

export class RegisterError extends Error {
  constructor(
    public status: 409 | 422 | 429,
    message: string,
    public fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The one registration path for the page and the API. */
export async function registerAccount(input: unknown, request: Request): Promise<User> {
  // Counted per client address, before anything else, so account creation cannot be scripted at speed.
  if (!reserveAttempt(`register:${clientIp(request)}`, getEnv().REGISTRATIONS_PER_ADDRESS)) throw new RegisterError(429, TOO_MANY_ATTEMPTS);
  const parsed = RegisterSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new RegisterError(422, Object.values(fields)[0], fields);
  }
  try {
    // The email-confirmation link is queued in the same transaction as the account.
    return await createUser({ email: parsed.data.email, fullName: parsed.data.full_name, password: parsed.data.password, confirmEmail: true });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new RegisterError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}
