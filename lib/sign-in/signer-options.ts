import type { EmailMode } from "latch-kit";

/** The email methods' key in `createKit({ signer })` (checked at createKit in development). */
export const EMAIL_SIGNER_OPTIONS = { "emailMode?": "string" };

/** The option `emailMode` 'magicLink' means links, anything else codes. */
export const toEmailMode = (option: string | undefined): EmailMode | undefined =>
  option === undefined ? undefined : option === "magicLink" ? "magicLink" : "otp";
