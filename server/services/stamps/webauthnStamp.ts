import { createHash } from "node:crypto";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { ApiError, badRequest, unauthorized } from "../../errors";
import { advanceSignCount, findAuthenticator } from "../../store/authenticators";
import { ceremonyOrigin } from "../passkeys";
import { isRootOrganization } from "./rootOrganization";
import type { StampScheme } from "./scheme";

export const WEBAUTHN_STAMP_HEADER = "X-Stamp-Webauthn";

/** How long the replay record of an untimed WebAuthn-stamped read is kept. */
const UNTIMED_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

interface WebauthnStamp {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
}

/** The challenge a WebAuthn stamp signs: the UTF-8 bytes of the hex sha256 of the body, base64url. */
export function webauthnChallenge(body: string): string {
  return Buffer.from(createHash("sha256").update(body, "utf8").digest("hex"), "utf8").toString("base64url");
}

/**
 * `X-Stamp-Webauthn`: JSON {authenticatorData, clientDataJson, credentialId, signature} of an
 * assertion over the body. Checked: the credential is registered (to the organisation, or any when
 * the body names the root organisation: then the credential decides), the signature against its
 * stored public key, the challenge, an app origin, the RP ID hash, the user-verified flag, and a
 * signature counter that moves forward (a clone with a stale counter is refused).
 */
export const webauthnStamp: StampScheme = {
  headerName: WEBAUTHN_STAMP_HEADER,
  async verify(ctx, { body, headerValue, organizationId }) {
    const stamp = parseStamp(headerValue);
    const authenticator = await findAuthenticator(ctx.db, stamp.credentialId);
    if (!authenticator) throw unauthorized("UNKNOWN_CREDENTIAL", "The stamp's passkey is not registered (or was removed)");
    if (organizationId !== authenticator.orgId && !isRootOrganization(organizationId)) {
      throw unauthorized("UNKNOWN_CREDENTIAL", `The stamp's passkey is not registered to organization ${organizationId}`);
    }
    let origin: string;
    try {
      origin = ceremonyOrigin(ctx, stamp.clientDataJson).origin;
    } catch (error) {
      throw unauthorized("INVALID_STAMP", (error as ApiError).message);
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: {
          id: stamp.credentialId,
          rawId: stamp.credentialId,
          type: "public-key",
          response: { authenticatorData: stamp.authenticatorData, clientDataJSON: stamp.clientDataJson, signature: stamp.signature },
          clientExtensionResults: {},
        },
        expectedChallenge: webauthnChallenge(body),
        expectedOrigin: origin,
        expectedRPID: authenticator.rpId,
        credential: {
          id: authenticator.credentialId,
          publicKey: new Uint8Array(authenticator.publicKey),
          counter: authenticator.signCount,
          transports: authenticator.transports as never,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      const message = (error as Error).message;
      if (/counter/i.test(message)) throw staleCounter(stamp.credentialId);
      throw unauthorized("INVALID_STAMP", `The WebAuthn stamp does not verify: ${message}`);
    }
    if (!verified.verified) throw unauthorized("INVALID_STAMP", "The WebAuthn stamp does not verify");
    // The insert-or-refuse on the counter is the check, so two uses of one assertion cannot both pass.
    if (!(await advanceSignCount(ctx.db, stamp.credentialId, verified.authenticationInfo.newCounter))) throw staleCounter(stamp.credentialId);
    return {
      credential: `webauthn:${stamp.credentialId}`,
      signatureTag: stamp.signature,
      validUntil: ctx.now() + UNTIMED_REPLAY_WINDOW_MS,
      organizationId: authenticator.orgId,
    };
  },
};

function staleCounter(credentialId: string) {
  return unauthorized(
    "STALE_SIGN_COUNT",
    `The passkey's signature counter did not advance: a cloned credential or a replayed assertion (${credentialId})`,
  );
}

function parseStamp(headerValue: string): WebauthnStamp {
  let stamp: Partial<WebauthnStamp>;
  try {
    stamp = JSON.parse(headerValue) as Partial<WebauthnStamp>;
    if (typeof stamp !== "object" || stamp === null || Array.isArray(stamp)) throw new Error("not an object");
  } catch {
    throw badRequest("INVALID_STAMP", "X-Stamp-Webauthn must be JSON {authenticatorData, clientDataJson, credentialId, signature}");
  }
  for (const field of ["authenticatorData", "clientDataJson", "credentialId", "signature"] as const) {
    if (typeof stamp?.[field] !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(stamp[field])) {
      throw badRequest("INVALID_STAMP", `X-Stamp-Webauthn needs ${field} as base64url`);
    }
  }
  return stamp as WebauthnStamp;
}
