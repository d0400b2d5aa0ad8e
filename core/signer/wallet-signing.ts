import type { Hex, SignableMessage, TypedDataDefinition } from "viem";
import type { StampedRequest } from "../../wire/routes";
import type { AbortOptions } from "../abort";
import type { User } from "../types";
import type { Stamper } from "./stamper";

/** A payload to sign with the embedded key: the hex payload, its hash function and the signing address. */
export interface SignRawPayloadParameters {
  payload: Hex;
  hashFunction?: "HASH_FUNCTION_NO_OP" | "HASH_FUNCTION_NOT_APPLICABLE";
  signWith?: string;
}

/** What payload signing needs of the embedded signer (which passes itself): declared here, so this module needs not import the signer that imports it. */
export interface PayloadSigner {
  requireUser(): User;
  nextTimestampMs(): string;
  stampedRequest(operation: string, body: Record<string, unknown>, stamper?: Stamper, options?: AbortOptions): Promise<StampedRequest>;
  signRawPayload(params: SignRawPayloadParameters, options?: AbortOptions): Promise<Hex>;
}

/** The stamped sign_raw_payload request (some routes take it as proof that the caller owns the account). */
export function signRawPayloadRequest(signer: PayloadSigner, params: SignRawPayloadParameters, options: AbortOptions = {}): Promise<StampedRequest> {
  const user = signer.requireUser();
  return signer.stampedRequest("submit/sign_raw_payload", {
    type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    timestampMs: signer.nextTimestampMs(),
    organizationId: user.orgId,
    parameters: {
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: params.hashFunction ?? "HASH_FUNCTION_NO_OP",
      payload: params.payload,
      signWith: params.signWith ?? user.address,
    },
  }, undefined, options);
}

// viem loads when the user first signs: a static import put viem's barrel (and the CCIP code it
// imports lazily) into the static chunk of every app, email-only ones included.

/** EIP-191 personal message, hashed locally. */
export async function signMessageWith(signer: PayloadSigner, message: SignableMessage, options: AbortOptions = {}): Promise<Hex> {
  signer.requireUser();
  const { hashMessage } = await import("./hashing");
  return signer.signRawPayload({ payload: hashMessage(message) }, options);
}

/** EIP-712 typed data, hashed locally. */
export async function signTypedDataWith(signer: PayloadSigner, typedData: TypedDataDefinition, options: AbortOptions = {}): Promise<Hex> {
  signer.requireUser();
  const { hashTypedData } = await import("./hashing");
  return signer.signRawPayload({ payload: hashTypedData(typedData) }, options);
}

/** UTF-8 text as hex, without loading viem. */
export function utf8ToHex(text: string): Hex {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
