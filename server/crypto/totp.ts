import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Latch";

export function newTotpSecret(): Uint8Array {
  return new Uint8Array(new Secret({ size: 20 }).bytes);
}

function totp(secret: Uint8Array, label = "") {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: new Secret({ buffer: secret.slice().buffer }) });
}

export function totpUrl(secret: Uint8Array, label: string): string {
  return totp(secret, label).toString();
}

/** The time step a code belongs to (now or one step either side), or null when it matches none. */
export function matchTotpStep(secret: Uint8Array, code: string, nowMs: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
