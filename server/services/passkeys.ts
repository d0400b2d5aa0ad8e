import { randomUUID } from "node:crypto";
import { type } from "arktype";
import { verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { PASSKEY_ALGORITHMS } from "../../wire/constants";
import { badRequest, conflict } from "../errors";
import type { EmulatorContext } from "../context";
import type { Sql } from "../db/sql";
import { insertAuthenticator } from "../store/authenticators";

/** A passkey attestation as the kit sends it (every binary field base64url). */
export const attestationSchema = type({
  credentialId: /^[A-Za-z0-9_-]+$/,
  clientDataJson: "string",
  attestationObject: "string",
  "transports?": "string[]",
});

export const passkeySchema = type({ challenge: "string > 0", attestation: attestationSchema });

export type PasskeyAttestation = typeof passkeySchema.infer;

export interface VerifiedPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  rpId: string;
}

/**
 * The origin a ceremony ran on, read from its clientDataJSON: it must be an app origin (configured,
 * or loopback in the dev profile). When the HTTP request carries an Origin, the ceremony must have
 * run on that same origin.
 */
export function ceremonyOrigin(ctx: EmulatorContext, clientDataJson: string, requestOrigin?: string): { origin: string; hostname: string } {
  let claimed: string;
  try {
    claimed = String((JSON.parse(Buffer.from(clientDataJson, "base64url").toString("utf8")) as { origin?: unknown }).origin);
  } catch {
    throw badRequest("INVALID_PASSKEY", "clientDataJson is not base64url JSON");
  }
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    throw badRequest("INVALID_PASSKEY", `The ceremony's origin ${claimed} is not a URL`);
  }
  if (url.origin !== claimed || !ctx.origins.isAppOrigin(claimed)) {
    throw badRequest("PASSKEY_ORIGIN_REFUSED", `Passkeys are accepted from the app origins only${ctx.origins.loopback ? " (and loopback origins)" : ""} (was ${claimed})`);
  }
  if (requestOrigin && requestOrigin !== "null" && requestOrigin !== claimed) {
    throw badRequest("PASSKEY_ORIGIN_REFUSED", `The passkey was made on ${claimed} but the request comes from ${requestOrigin}`);
  }
  return { origin: claimed, hostname: url.hostname.replace(/^\[|\]$/g, "") };
}

/**
 * Verifies a registration (attestation) with @simplewebauthn/server: the challenge the client
 * chose, an app origin, RP ID = that origin's host name, user verification, algorithms -7 / -257.
 */
export async function verifyPasskeyAttestation(
  ctx: EmulatorContext,
  passkey: PasskeyAttestation,
  requestOrigin?: string,
): Promise<VerifiedPasskey> {
  const { attestation } = passkey;
  const { origin, hostname } = ceremonyOrigin(ctx, attestation.clientDataJson, requestOrigin);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: {
        id: attestation.credentialId,
        rawId: attestation.credentialId,
        type: "public-key",
        response: {
          clientDataJSON: attestation.clientDataJson,
          attestationObject: attestation.attestationObject,
          ...(attestation.transports ? { transports: attestation.transports as RegistrationResponseJSON["response"]["transports"] } : {}),
        },
        clientExtensionResults: {},
      },
      expectedChallenge: passkey.challenge,
      expectedOrigin: origin,
      expectedRPID: hostname,
      requireUserVerification: true,
      supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
    });
  } catch (error) {
    throw badRequest("INVALID_PASSKEY", `The passkey attestation does not verify: ${(error as Error).message}`);
  }
  if (!verified.verified || !verified.registrationInfo) throw badRequest("INVALID_PASSKEY", "The passkey attestation does not verify");
  const { credential } = verified.registrationInfo;
  if (credential.id !== attestation.credentialId) {
    throw badRequest("INVALID_PASSKEY", "credentialId does not match the credential in the attestation");
  }
  return {
    credentialId: credential.id,
    publicKey: new Uint8Array(credential.publicKey),
    signCount: credential.counter,
    transports: attestation.transports ?? [],
    rpId: hostname,
  };
}

/** Stores a verified passkey for an organisation; a credential registered before is refused. */
export async function savePasskey(
  sql: Sql,
  ctx: EmulatorContext,
  orgId: string,
  passkey: VerifiedPasskey,
  name: string,
): Promise<string> {
  const authenticatorId = randomUUID();
  const inserted = await insertAuthenticator(sql, { authenticatorId, orgId, name, ...passkey }, ctx.now());
  if (!inserted) throw conflict("PASSKEY_EXISTS", "This passkey is already registered");
  return authenticatorId;
}
