import type { RecoveryPasskeyError } from "latch-kit";

/**
 * The text for a passkey that did not unlock the recovery share: `noPasskey` when none answered the
 * ceremony (the browser said so at once: none of this site on the device, or cancelled), `failed`
 * when one answered and did not unlock it; undefined for any other error.
 */
export function passkeyErrorText(error: Error, noPasskey: string, failed: string): string | undefined {
  if (error.name !== "RecoveryPasskeyError") return undefined;
  return (error as RecoveryPasskeyError).reason === "no-passkey" ? noPasskey : failed;
}
