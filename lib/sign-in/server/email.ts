// The email sign-in body email-otp and magic-link share, and which of the two a body asks for.
import { requests } from "../../../wire/requests";
import type { ServerContext } from "../../../server/method-kit";

export const emailSignIn = requests["email-sign-in"];

export type EmailSignIn = typeof emailSignIn.infer;

/** A body naming an email (not a passkey sign-up that also gives one). */
export function namesEmail(raw: unknown): raw is Record<string, unknown> {
  return isObject(raw) && "email" in raw && !("passkey" in raw);
}

/** The body's email mode, else the server's (`--email-mode`). */
export function emailModeOf(ctx: ServerContext, raw: Record<string, unknown>): "otp" | "magic-link" {
  if (raw.emailMode === "magicLink") return "magic-link";
  if (raw.emailMode === "otp") return "otp";
  return ctx.emailMode;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
