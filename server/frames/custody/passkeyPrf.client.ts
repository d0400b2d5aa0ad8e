/**
 * The user's passkey as the key of the recovery box (browser code, in the auth frame): a WebAuthn
 * assertion with the PRF extension evaluated at a salt kept with the box answers 32 bytes that only
 * that passkey makes. The ceremony runs in the frame, so the page never sees the PRF output. Nobody
 * verifies the assertion: the output is the point, and a wrong passkey yields bytes that do not
 * open the box.
 */
import { base64urlnopad } from "@scure/base";
import type { PasskeyPrfInput } from "./recoveryLock";

const PRF_CEREMONY_TIMEOUT_MS = 60_000;

/** The passkey's PRF output at `prf.prfSalt` (a new salt and any of the user's passkeys when `prf` is not given yet). */
export async function evaluatePasskeyPrf(params: { rpId?: string; prf?: PasskeyPrfInput }): Promise<{ prfOutput: Uint8Array; prf: PasskeyPrfInput }> {
  if (typeof navigator === "undefined" || !navigator.credentials || typeof PublicKeyCredential === "undefined") {
    throw new Error("PASSKEY_UNSUPPORTED: this browser has no passkeys");
  }
  const salt = params.prf ? new Uint8Array(base64urlnopad.decode(params.prf.prfSalt)) : crypto.getRandomValues(new Uint8Array(32));
  let credential: PublicKeyCredential | null;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        ...(params.rpId ? { rpId: params.rpId } : {}),
        userVerification: "required",
        timeout: PRF_CEREMONY_TIMEOUT_MS,
        allowCredentials: params.prf ? [{ type: "public-key", id: new Uint8Array(base64urlnopad.decode(params.prf.credentialId)) }] : [],
        extensions: { prf: { eval: { first: salt } } },
      },
    })) as PublicKeyCredential | null;
  } catch (error) {
    const name = error instanceof DOMException ? error.name : "";
    if (name === "NotAllowedError" || name === "AbortError") throw new Error(`PASSKEY_CANCELLED: no passkey answered (${name})`, { cause: error });
    throw new Error(`PASSKEY_FAILED: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!credential) throw new Error("PASSKEY_CANCELLED: no passkey answered");
  const first = credential.getClientExtensionResults().prf?.results?.first;
  if (!first) throw new Error("PRF_UNSUPPORTED: this passkey cannot make the secret that locks a recovery share (no WebAuthn PRF)");
  const output = new Uint8Array(first instanceof ArrayBuffer ? first : first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength));
  return { prfOutput: output, prf: { prfSalt: base64urlnopad.encode(salt), credentialId: credential.id } };
}
