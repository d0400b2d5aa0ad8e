import type { StampedRequest } from "../../wire/routes";
import { REVOKE_SESSION_ACTIVITY, REVOKE_SESSION_OPERATION, SCOPED_SESSION_ACTIVITY, SCOPED_SESSION_OPERATION, SIGN_ONLY_SCOPE } from "../../wire/constants";
import type { AbortOptions } from "../abort";
import { REVOKE_SESSION_TIMEOUT_MS } from "../constants";
import type { SignerClient } from "./client";
import type { FrameStamper } from "./frame-stamper";
import type { Stamper } from "./stamper";
import type { SessionManager } from "./session";
import { withinLimits } from "./transport";

/** What the session-key lifecycle needs of the embedded signer (which passes itself), so this module needs not import it. */
export interface SessionKeySigner {
  readonly client: SignerClient;
  readonly frame: FrameStamper;
  readonly expirationSeconds: number;
  readonly config: { readonly requestTimeoutMs: number };
  nextTimestampMs(): string;
  stampedRequest(operation: string, body: Record<string, unknown>, stamper?: Stamper, options?: AbortOptions): Promise<StampedRequest>;
}

/**
 * What the stored session keeps to restore after a reload. When the frame's key lives in the app's
 * storage (its own is blocked), a copy of that storage would hold the key and the bundle: so the
 * bundle kept is a sign-only session's (scoped-session), and a restored session signs but must sign
 * in again to export or change how the user signs in. This page keeps the full key in the frame.
 * A backend without the route (404) keeps the full bundle; any other failure keeps none (a reload
 * then asks to sign in again).
 */
export async function bundleToKeep(signer: SessionKeySigner, bundle: string, orgId: string, signal?: AbortSignal): Promise<{ bundle?: string }> {
  if (!signer.frame.keyKeptByApp) return { bundle };
  try {
    const targetPublicKey = await signer.frame.init();
    const body = {
      type: SCOPED_SESSION_ACTIVITY,
      timestampMs: signer.nextTimestampMs(),
      organizationId: orgId,
      parameters: { targetPublicKey, scope: SIGN_ONLY_SCOPE, expirationSeconds: signer.expirationSeconds },
    };
    const stampedRequest = await signer.stampedRequest(SCOPED_SESSION_OPERATION, body, signer.frame, { signal });
    return { bundle: (await signer.client.request("scoped-session", { stampedRequest }, { signal })).credentialBundle };
  } catch (error) {
    if (signal?.aborted) throw error;
    const unknownRoute = (error as { status?: unknown }).status === 404;
    console.warn(`[latch] no sign-only session to keep: ${unknownRoute ? "the backend has no scoped-session route; the full session is kept" : "a reload will ask to sign in again"}`, error);
    return unknownRoute ? { bundle } : {};
  }
}

/**
 * Keeps a frame session opened for the stored session (a passkey session's, in split custody) as a
 * sign-in's bundle is kept (bundleToKeep): a reload re-injects it instead of asking the passkey again.
 */
export async function keepFrameSession(signer: SessionKeySigner & { readonly sessions: SessionManager }, bundle: string, options: AbortOptions = {}): Promise<void> {
  const session = signer.sessions.load();
  if (!session) return;
  const kept = await bundleToKeep(signer, bundle, session.user.orgId, options.signal);
  if (kept.bundle) signer.sessions.save({ ...session, bundle: kept.bundle });
}

function revokeTimeoutMs(signer: SessionKeySigner): number {
  return Math.min(signer.config.requestTimeoutMs, REVOKE_SESSION_TIMEOUT_MS);
}

/** The revoke-session request of the organisation's live session, stamped by its API key (`stamper`); made before the frame forgets the key. */
export function stampRevocation(signer: SessionKeySigner, stamper: Stamper, orgId: string): Promise<StampedRequest> {
  const body = { type: REVOKE_SESSION_ACTIVITY, timestampMs: signer.nextTimestampMs(), organizationId: orgId };
  return withinLimits("revoke-session", { timeoutMs: revokeTimeoutMs(signer) }, (signal) => signer.stampedRequest(REVOKE_SESSION_OPERATION, body, stamper, { signal }));
}

/** Sends a stamped revocation; settles within the revoke timeout whatever the server does (the key then expires by itself). */
export async function sendRevocation(signer: SessionKeySigner, revocation: StampedRequest): Promise<void> {
  await withinLimits("revoke-session", { timeoutMs: revokeTimeoutMs(signer) }, (signal) => signer.client.request("revoke-session", { stampedRequest: revocation }, { signal })).catch(
    (error: unknown) => console.warn("[latch] the server could not revoke the session key; it expires by itself", error),
  );
}
