import { hkdfSync } from "node:crypto";
import { SignJWT, jwtVerify, importJWK, type CryptoKey, type JWK } from "jose";
import { p256 } from "@noble/curves/nist.js";
import type { Secrets } from "./secrets";
import { base64url } from "./encoding";

export interface VerificationClaims {
  contact: string;
  otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";
}

/** The emulator's ES256 key for verification tokens, derived from the master secret so it survives restarts. */
export function verificationKeyJwk(secrets: Secrets): JWK {
  // noble maps ≥ 40 seed bytes onto the curve order without bias.
  const seed = new Uint8Array(hkdfSync("sha256", secrets.key("verification-token"), "", "p256-scalar", 48));
  const scalar = p256.utils.randomSecretKey(seed);
  const point = p256.getPublicKey(scalar, false);
  return {
    kty: "EC",
    crv: "P-256",
    d: base64url(scalar),
    x: base64url(point.subarray(1, 33)),
    y: base64url(point.subarray(33)),
    alg: "ES256",
  };
}

export async function signVerificationToken(
  secrets: Secrets,
  claims: VerificationClaims & { otpId: string },
  issuer: string,
  ttlSeconds: number,
  nowMs: number,
): Promise<string> {
  const key = (await importJWK(verificationKeyJwk(secrets), "ES256")) as CryptoKey;
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ contact: claims.contact, otpType: claims.otpType, otpId: claims.otpId })
    .setProtectedHeader({ alg: "ES256", typ: "JWT" })
    .setIssuer(issuer)
    .setSubject(claims.contact)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}

/** The token's claims and when it was issued (`issuedAtMs`: a step-up takes only a recent one). */
export async function readVerificationToken(secrets: Secrets, token: string, nowMs: number): Promise<VerificationClaims & { issuedAtMs: number }> {
  const { d: _private, ...publicJwk } = verificationKeyJwk(secrets);
  const key = (await importJWK(publicJwk, "ES256")) as CryptoKey;
  const { payload } = await jwtVerify(token, key, { currentDate: new Date(nowMs) });
  return { contact: String(payload["contact"]), otpType: payload["otpType"] as VerificationClaims["otpType"], issuedAtMs: (payload.iat ?? 0) * 1000 };
}
