import { randomUUID } from "node:crypto";
import * as s from "../../../wire/schemas";
import { verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { PASSKEY_ALGORITHMS } from "../../../wire/constants";
import { badRequest, ceremonyOrigin, conflict, insertAuthenticator, type ServerContext, type Sql } from "../../../server/method-kit";

export const attestationSchema = s.attestation;

export type PasskeyAttestation = typeof s.passkeyRegistration.infer;

export interface VerifiedPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  rpId: string;
}

/**
 * Verifies a registration (attestation) with @simplewebauthn/server: the challenge the client
 * chose, an app origin, RP ID = that origin's host name, user verification, algorithms -7 / -257.
 */
export async function verifyPasskeyAttestation(
  ctx: ServerContext,
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
  ctx: ServerContext,
  orgId: string,
  passkey: VerifiedPasskey,
  name: string,
): Promise<string> {
  const authenticatorId = randomUUID();
  const inserted = await insertAuthenticator(sql, { authenticatorId, orgId, name, ...passkey }, ctx.now());
  if (!inserted) throw conflict("PASSKEY_EXISTS", "This passkey is already registered");
  return authenticatorId;
}
