import { supported } from "@github/webauthn-json";
import { create, parseCreationOptionsFromJSON } from "@github/webauthn-json/browser-ponyfill";
import {
  PASSKEY_ALGORITHMS,
  PASSKEY_ASSERTION_TIMEOUT_MS,
  PASSKEY_FALLBACK_TRANSPORTS,
  PASSKEY_RESIDENT_KEY,
  PASSKEY_USER_VERIFICATION,
} from "./constants";
import { LatchError, UserCancelledError } from "latch-kit";

/** The browser does not support passkeys. */
export class WebauthnUnsupportedError extends LatchError {
  override readonly name = "WebauthnUnsupportedError" as const;
  constructor() {
    super("webauthn is not supported by this browser");
  }
}

/** A cancelled or timed-out ceremony: the user may use another method (a user's cancel, to whoever asked for it). */
export class PasskeyCancelledError extends UserCancelledError {
  override readonly name = "PasskeyCancelledError" as const;
  constructor(cause?: unknown) {
    super("Connection failed", { cause });
  }
}

/** A new passkey's challenge, WebAuthn user handle and attestation, as the backend takes them. */
export interface PasskeyAttestation {
  challenge: string;
  /** The WebAuthn user handle (`user.id`) the passkey was created for, base64url. */
  authenticatorUserId: string;
  attestation: { credentialId: string; clientDataJson: string; attestationObject: string; transports: string[] };
}

/** Whether the browser supports passkeys. */
export const isWebauthnSupported = (): boolean => typeof window !== "undefined" && supported();

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

const randomBase64url = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/** NotAllowedError is what browsers raise for both a cancelled and a timed-out ceremony. */
export function toPasskeyError(error: unknown): Error {
  if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return new PasskeyCancelledError(error);
  }
  return error instanceof Error ? error : new LatchError(String(error));
}

/** Runs the registration ceremony for a new passkey (algorithms, preferences, timeout). */
export async function createPasskeyCredential(params: { rpId?: string; userName: string; signal?: AbortSignal }): Promise<PasskeyAttestation> {
  if (!isWebauthnSupported()) throw new WebauthnUnsupportedError();
  const challenge = randomBase64url(32);
  const authenticatorUserId = randomBase64url(16);
  try {
    const options = parseCreationOptionsFromJSON({
      publicKey: {
        challenge,
        rp: { name: "Latch", ...(params.rpId ? { id: params.rpId } : {}) },
        user: { id: authenticatorUserId, name: params.userName, displayName: params.userName },
        pubKeyCredParams: PASSKEY_ALGORITHMS.map((alg) => ({ type: "public-key" as const, alg })),
        authenticatorSelection: { residentKey: PASSKEY_RESIDENT_KEY, userVerification: PASSKEY_USER_VERIFICATION },
        timeout: PASSKEY_ASSERTION_TIMEOUT_MS,
      },
      ...(params.signal ? { signal: params.signal } : {}),
    });
    // The WebAuthn PRF extension, which webauthn-json's JSON schema does not carry: a passkey made
    // with it can also lock a split wallet's recovery share (an authenticator without it ignores it).
    options.publicKey!.extensions = { ...options.publicKey!.extensions, prf: {} } as AuthenticationExtensionsClientInputs;
    const credential = (await create(options)).toJSON();
    const transports = credential.response.transports?.length ? credential.response.transports : [...PASSKEY_FALLBACK_TRANSPORTS];
    return {
      challenge,
      authenticatorUserId,
      attestation: {
        credentialId: credential.id,
        clientDataJson: credential.response.clientDataJSON,
        attestationObject: credential.response.attestationObject,
        transports,
      },
    };
  } catch (error) {
    throw toPasskeyError(error);
  }
}
