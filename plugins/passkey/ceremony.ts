import { WebauthnStamper } from "@turnkey/webauthn-stamper";
import { defineService, getEmbeddedSigner, type Kit, type Stamper } from "latch-kit";
import { PASSKEY_ASSERTION_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from "./constants";

/**
 * WebAuthn ceremonies of one kit, one after the other: the browser refuses a second one while one
 * is pending, and a passkey session stamps every request with one.
 */
class Ceremonies {
  private running: Promise<unknown> = Promise.resolve();

  run<T>(ceremony: () => Promise<T>): Promise<T> {
    const next = this.running.then(ceremony, ceremony);
    this.running = next.catch(() => undefined);
    return next;
  }
}

const ceremonies = defineService("passkey.Ceremonies", { create: () => new Ceremonies() });

export const ceremony = <T>(kit: Kit, run: () => Promise<T>): Promise<T> => ceremonies.of(kit).run(run);

/** The relying party: the `signer.rpId` option, else this page's host. */
export const rpIdOf = (kit: Kit): string => getEmbeddedSigner(kit).config.rpId ?? globalThis.location?.hostname ?? "localhost";

/** A stamper that asks for a passkey assertion per stamp (limited to one credential when given). */
export function passkeyStamper(kit: Kit, credentialId?: string): Stamper {
  const stamper = new WebauthnStamper({
    rpId: rpIdOf(kit),
    timeout: PASSKEY_ASSERTION_TIMEOUT_MS,
    userVerification: PASSKEY_USER_VERIFICATION,
    ...(credentialId ? { allowCredentials: [{ type: "public-key" as const, id: base64urlToBytes(credentialId) as Uint8Array<ArrayBuffer> }] } : {}),
  });
  return { stamp: (body) => ceremony(kit, () => stamper.stamp(body)) };
}

const base64urlToBytes = (value: string): Uint8Array => {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};
