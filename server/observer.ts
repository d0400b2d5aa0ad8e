import type { Channel } from "./store/otps";

export type SignInMethod = "email-code" | "sms-code" | "magic-link" | "passkey" | "oauth" | "jwt";

/** What the server tells its metrics about; the dev profile listens to nothing. */
export interface Observer {
  /** A session was granted (a magic link counts when it is sent: the browser finishes on its own). */
  signIn(method: SignInMethod): void;
  codeSent(channel: Channel, kind: "code" | "link"): void;
  /** A request refused with this error code (e.g. INVALID_OTP, RATE_LIMITED, UNAUTHORIZED). */
  refused(reason: string): void;
  /** A code or link not sent, and which cap refused it. */
  sendRefused(reason: SendRefusal): void;
}

/** The send caps (server/services/delivery.ts) and the SMS country allowlist. */
export type SendRefusal = "contact" | "contact-day" | "client" | "app" | "sms-country";

export const silentObserver: Observer = { signIn() {}, codeSent() {}, refused() {}, sendRefused() {} };
