import { createHmac, createPrivateKey, type KeyObject } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { calculateJwkThumbprint, type JWK } from "jose";
import type { Secrets } from "../crypto/secrets";
import { base64url } from "../crypto/encoding";

export interface IdpSigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as published in the JWKS. */
  publicJwk: JWK;
}

/**
 * The dev identity provider's ES256 key, derived from the emulator's master secret: a data dir
 * keeps it across restarts (tokens stay verifiable), `--seed` makes it deterministic.
 */
export async function idpSigningKey(secrets: Secrets): Promise<IdpSigningKey> {
  let d = secrets.key("idp-signing");
  for (let i = 0; !p256.utils.isValidSecretKey(d); i++) {
    d = new Uint8Array(createHmac("sha256", secrets.key("idp-signing")).update(String(i)).digest());
  }
  const point = p256.getPublicKey(d, false);
  const publicJwk: JWK = { kty: "EC", crv: "P-256", x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) };
  const kid = (await calculateJwkThumbprint(publicJwk)).slice(0, 16);
  const privateKey = createPrivateKey({ key: { ...publicJwk, d: base64url(d) }, format: "jwk" });
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: "ES256", use: "sig" } };
}
