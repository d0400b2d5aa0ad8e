// The wire's field schemas (arktype): the server validates requests with them. The kit does not
// import this module (its types are wire/shapes.ts and wire/routes.ts, held equal to these schemas
// by test/types/wire-types.test-d.ts), so neither arktype nor the curve code reach an app's bundle
// (`npm run size`) or its compiler.
import { type } from "arktype";
import { p256 } from "@noble/curves/nist.js";

export const uuid = type("string.uuid");

/** Hex the shape of a P-256 public key that must also be a point on the curve. */
const p256Point = (shape: RegExp, description: string) =>
  type(shape)
    .narrow((hex, check) => {
      try {
        p256.Point.fromHex(hex);
        return true;
      } catch {
        return check.mustBe("a point on the P-256 curve");
      }
    })
    .describe(description);

export const targetPublicKey = p256Point(/^04[0-9a-fA-F]{128}$/, "an uncompressed P-256 public key (65 bytes, hex)");

/** An API key's public key as stamps name it: compressed P-256 (33 bytes, hex). */
export const apiPublicKey = p256Point(/^0[23][0-9a-fA-F]{64}$/, "a compressed P-256 public key (33 bytes, hex)");

/** The longest session a sign-in may ask for: 30 days. */
export const MAX_EXPIRATION_SECONDS = 30 * 24 * 60 * 60;

/** Seconds as a number or a numeric string (clients send both), at most MAX_EXPIRATION_SECONDS. */
export const expirationSeconds = type("number.integer >= 1")
  .or(type(/^[1-9][0-9]{0,9}$/).pipe((s) => Number(s)))
  .narrow((n, check) => n <= MAX_EXPIRATION_SECONDS || check.mustBe(`at most ${MAX_EXPIRATION_SECONDS} seconds (30 days)`))
  .describe(`a whole number of seconds from 1 to ${MAX_EXPIRATION_SECONDS}`);

/** An email address of at most 254 characters (RFC 5321's path limit). */
export const email = type("string.email").narrow((value, check) => value.length <= 254 || check.mustBe("at most 254 characters"));

export const phone = type("string")
  .pipe((s) => s.replace(/[\s().-]/g, ""))
  .to(type(/^\+[1-9][0-9]{6,14}$/).describe("a phone number in international format (+ and 7 to 15 digits)"));

export const factorCodes = type({ multiFactorId: uuid, multiFactorCode: "string" }).array();

export const stampedRequest = type({
  url: "string",
  body: "string",
  stamp: { stampHeaderName: "string", stampHeaderValue: "string" },
});

export const evmAddress = type(/^0x[0-9a-fA-F]{40}$/).describe("an EVM address");

/** Members of one multi-owner organisation: a bound, so one request cannot stall every route (20,000 took 24 s). */
export const MAX_MEMBERS = 100;
export const multiOwnerMembers = type({ evmSignerAddress: evmAddress }).array().atLeastLength(1).atMostLength(MAX_MEMBERS);
/** Members of a new organisation, each with their EIP-191 signature of the creation message (wire/multi-owner.ts). */
export const memberSignature = type(/^0x[0-9a-fA-F]{130}$/).describe("a 65-byte signature, 0x and 130 hex digits");
export const multiOwnerCreationMembers = type({ evmSignerAddress: evmAddress, "signature?": memberSignature })
  .array()
  .atLeastLength(1)
  .atMostLength(MAX_MEMBERS);

export const hexString = type(/^(0x)?([0-9a-fA-F]{2})*$/).describe("a hex string");

/**
 * A sign_raw_payload activity body whose payload is any string. MFA calls use it: their payload names
 * the action, as hex (the kit) or as the literal name (Account Kit's signer SDK stamps `"add_mfa"` as is).
 */
export const mfaActionBody = type({
  type: "'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'",
  timestampMs: "string | number",
  organizationId: uuid,
  parameters: {
    encoding: "'PAYLOAD_ENCODING_HEXADECIMAL'",
    hashFunction: "'HASH_FUNCTION_NO_OP' | 'HASH_FUNCTION_NOT_APPLICABLE'",
    payload: "string",
    signWith: "string",
  },
});

/** A sign_raw_payload activity body: the payload is hex. */
export const rawPayloadBody = mfaActionBody.and({ parameters: { payload: hexString } });

/** A passkey attestation as the kit sends it (every binary field base64url). */
export const attestation = type({
  credentialId: /^[A-Za-z0-9_-]+$/,
  clientDataJson: "string",
  attestationObject: "string",
  "transports?": "string[]",
});

/** A new passkey: the challenge, the WebAuthn user handle it was made for (base64url; clients that predate it omit it), the attestation. */
export const passkeyRegistration = type({ challenge: "string > 0", "authenticatorUserId?": /^[A-Za-z0-9_-]+$/, attestation });

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
