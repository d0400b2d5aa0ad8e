import { TOTP, URI } from "otpauth";

/** The authenticator app of a test: reads the otpauth:// URL and makes codes at a given time. */
export function authenticatorFor(url: string) {
  const totp = URI.parse(url) as TOTP;
  return { totp, code: (timestamp: number) => totp.generate({ timestamp }) };
}
