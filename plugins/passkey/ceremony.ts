import { get } from "@github/webauthn-json";
import { defineService, getEmbeddedSigner, type Kit, type Stamper } from "latch-kit";
import { PASSKEY_ASSERTION_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from "./constants";
import { base64url } from "./credential";

/**
 * WebAuthn ceremonies of one kit, one after the other: the browser refuses a second one while one
 * is pending, and a passkey session stamps every request with one. Each ceremony gets a signal that
 * aborts when its caller's does or when `cancelAll` runs (the user left the passkey step), so a
 * cancelled ceremony ends at once and the next one starts without waiting for its timeout.
 */
class Ceremonies {
  private running: Promise<unknown> = Promise.resolve();
  private readonly live = new Set<AbortController>();

  run<T>(ceremony: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    this.live.add(controller);
    const start = () => {
      controller.signal.throwIfAborted();
      return ceremony(controller.signal);
    };
    // Queued behind another ceremony, an abort still settles this one at once.
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }));
    // The queue waits for the browser's own ceremony to end (an aborted one ends at once).
    const work = this.running.then(start, start);
    this.running = work.catch(() => undefined);
    return Promise.race([work, aborted]).finally(() => {
      this.live.delete(controller);
      signal?.removeEventListener("abort", onAbort);
    });
  }

  /** Aborts every pending ceremony (the browser closes its passkey prompt). */
  cancelAll(): void {
    for (const controller of this.live) controller.abort(new DOMException("The passkey request was cancelled", "AbortError"));
  }
}

const ceremonies = defineService("passkey.Ceremonies", { create: () => new Ceremonies() });

export const ceremony = <T>(kit: Kit, run: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> => ceremonies.of(kit).run(run, signal);

/** Aborts the kit's pending passkey ceremonies (Cancel, dialog closed). */
export const cancelCeremonies = (kit: Kit): void => ceremonies.of(kit).cancelAll();

/** The relying party: the `signer.rpId` option, else this page's host. */
export const rpIdOf = (kit: Kit): string => getEmbeddedSigner(kit).config.options.rpId ?? globalThis.location?.hostname ?? "localhost";

const STAMP_HEADER_NAME = "X-Stamp-Webauthn";

/**
 * A stamper that asks for a passkey assertion per stamp (limited to one credential when given).
 * The challenge is the UTF-8 of the body's hex SHA-256, as the key-management API expects.
 */
export function passkeyStamper(kit: Kit, credentialId?: string): Stamper {
  return {
    stamp: (body, options) =>
      ceremony(
        kit,
        async (signal) => {
          const challenge = base64url(new TextEncoder().encode(await sha256Hex(body)));
          const assertion = await get({
            publicKey: {
              rpId: rpIdOf(kit),
              challenge,
              timeout: PASSKEY_ASSERTION_TIMEOUT_MS,
              userVerification: PASSKEY_USER_VERIFICATION,
              ...(credentialId ? { allowCredentials: [{ type: "public-key" as const, id: credentialId }] } : {}),
            },
            signal,
          });
          const { response } = assertion;
          const stamp = { authenticatorData: response.authenticatorData, clientDataJson: response.clientDataJSON, credentialId: assertion.id, signature: response.signature };
          return { stampHeaderName: STAMP_HEADER_NAME, stampHeaderValue: JSON.stringify(stamp) };
        },
        options?.signal,
      ),
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
