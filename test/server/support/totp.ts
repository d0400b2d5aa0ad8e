import { TOTP, URI } from "otpauth";
import { MFA_ACTIONS } from "../../../wire/constants";
import { mfaRequest, type Session, type User } from "./client";
import { uniqueEmail, type TestServer } from "./emulator";

/** The authenticator app of a test: reads the otpauth:// URL and makes codes at a given time. */
export function authenticatorFor(url: string) {
  const totp = URI.parse(url) as TOTP;
  return { totp, code: (timestamp: number) => totp.generate({ timestamp }) };
}

/** Enrols a verified TOTP factor through `session`; the clock moves one step past the code used. */
export async function enrolTotp(t: TestServer, session: Session, user: User) {
  const added = await t.client.ok("auth-request-multi-factor", {
    stampedRequest: mfaRequest(session, MFA_ACTIONS.add, user.address, t.clock.now()),
    multiFactorType: "totp",
  });
  const app = authenticatorFor(added.multiFactorTotpUrl);
  await t.client.ok("auth-verify-multi-factor", {
    stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
    multiFactorId: added.multiFactorId,
    multiFactorCode: app.code(t.clock.now()),
  });
  t.clock.advance(TOTP_STEP_MS);
  return { factorId: added.multiFactorId as string, app };
}

/** Signs a new user up by email and enrols a verified TOTP factor; the clock moves one step past the code used. */
export async function userWithTotp(t: TestServer, label = "mfa") {
  const email = uniqueEmail(label);
  const { user, session } = await t.client.signUp(email);
  return { email, user, session, ...(await enrolTotp(t, session, user)) };
}

export const TOTP_STEP_MS = 30_000;

/** A six-digit code that is not the right one now (nor in the steps either side). */
export function wrongCode(app: { code(timestamp: number): string }, now: number): string {
  const right = new Set([app.code(now - TOTP_STEP_MS), app.code(now), app.code(now + TOTP_STEP_MS)]);
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!right.has(candidate)) return candidate;
  }
}
