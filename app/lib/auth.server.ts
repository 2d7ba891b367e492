import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { EMAIL_TAKEN, fieldErrors, INVALID_CREDENTIALS, LoginSchema, RegisterSchema, TOO_MANY_ATTEMPTS } from "~/domain/account";
import { clientIp } from "~/lib/http.server";
import { clearAttempts, isRateLimited, recordAttempt } from "~/lib/rate-limit.server";
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
  const ip = clientIp(request);
  const accountKey = `login:${ip}:${parsed.data.email}`;
  const ipKey = `login-ip:${ip}`;
  if (isRateLimited(accountKey) || isRateLimited(ipKey, 5)) throw new LoginError(429, TOO_MANY_ATTEMPTS);
  const user = await verifyLogin(parsed.data.email, parsed.data.password);
  if (!user) {
    recordAttempt(accountKey);
    recordAttempt(ipKey);
    throw new LoginError(401, INVALID_CREDENTIALS);
  }
  clearAttempts(accountKey);
  return user;
}

export const authenticator = new Authenticator<User>()
  // The login page's form: email + password.
  .use(new FormStrategy(({ form, request }) => verifyCredentials(form.get("email"), form.get("password"), request)), "form")
  // The API's OAuth2-style form: username (the email) + password.
  .use(new FormStrategy(({ form, request }) => verifyCredentials(form.get("username"), form.get("password"), request)), "api-form");

/** Registration shares the per-IP limit so account creation cannot be scripted at speed. */
export function registerRateKey(request: Request) {
  return `register:${clientIp(request)}`;
}

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
  const key = registerRateKey(request);
  if (isRateLimited(key)) throw new RegisterError(429, TOO_MANY_ATTEMPTS);
  recordAttempt(key);
  const parsed = RegisterSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new RegisterError(422, Object.values(fields)[0], fields);
  }
  try {
    return await createUser({ email: parsed.data.email, fullName: parsed.data.full_name, password: parsed.data.password });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new RegisterError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}
