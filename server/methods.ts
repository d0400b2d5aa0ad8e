// The one list of the sign-in methods this server serves. Each is its plugin's server part; the
// engine (app.ts) never names a method. `startServer({ methods })` adds more (e.g. a test's fixture).
import { composeMethods, type ServerMethod, type ServerPart } from "./method";
import { passkeyServer } from "../plugins/passkey/server";
import { smsServer } from "../plugins/sms/server";
import { magicLinkServer } from "../plugins/magic-link/server";
import { emailOtpServer } from "../plugins/email-otp/server";
import { mfaServer } from "../plugins/mfa/server";
import { oauthServer } from "../plugins/oauth/server";
import { jwtServer } from "../plugins/jwt/server";

export const BUILT_IN_METHODS: readonly ServerMethod[] = [
  passkeyServer,
  smsServer,
  magicLinkServer,
  emailOtpServer,
  mfaServer,
  oauthServer,
  jwtServer,
];

/** What a server serves: the methods it is given, then the built-in ones, with their shared parts, each once. */
export function serverMethods(extra: readonly ServerMethod[] = []): ServerPart[] {
  return composeMethods([...extra, ...BUILT_IN_METHODS]);
}
