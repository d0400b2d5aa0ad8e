import { verify } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { unauthorized, badRequest } from "../../errors";
import { bytesToHex, fromBase64url, hexToBytes, isHex } from "../../crypto/encoding";
import { VerifyKeyCache } from "../../crypto/verifyKeyCache";
import type { ServerContext } from "../../context";
import { findApiKey } from "../../store/apiKeys";
import type { StampScheme } from "./scheme";
import { MEMBER_STAMP_SCHEME, verifyMemberStamp } from "./memberStamp";

export const API_KEY_STAMP_HEADER = "X-Stamp";
export const API_KEY_STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

interface ApiKeyStamp {
  publicKey: string;
  scheme: string;
  signature: string;
}

/** Each server's parsed API keys (by server: two servers in one process share nothing). */
const verifyKeys = new WeakMap<ServerContext, VerifyKeyCache>();

function verifyKeyOf(ctx: ServerContext, compressedHex: string) {
  let cache = verifyKeys.get(ctx);
  if (!cache) verifyKeys.set(ctx, (cache = new VerifyKeyCache()));
  return cache.get(compressedHex);
}

/** `X-Stamp`: base64url JSON {publicKey (compressed P-256 hex), scheme, signature (DER hex over the body)}. */
export const apiKeyStamp: StampScheme = {
  headerName: API_KEY_STAMP_HEADER,
  async verify(ctx, { body, headerValue, organizationId, deferApiKeyLookup }) {
    const stamp = parseStamp(headerValue);
    if (stamp.scheme === MEMBER_STAMP_SCHEME) return verifyMemberStamp(ctx, { body, signature: stamp.signature, organizationId });
    const publicKey = stamp.publicKey.toLowerCase();
    let valid: boolean;
    try {
      // node:crypto, not noble: noble's default lowS check refuses about half of genuine WebCrypto stamps.
      valid = verify("sha256", Buffer.from(body, "utf8"), { key: verifyKeyOf(ctx, publicKey), dsaEncoding: "der" }, hexToBytes(stamp.signature));
    } catch {
      valid = false;
    }
    if (!valid) throw unauthorized("INVALID_STAMP", "The stamp's signature does not verify over the request body");
    const signature = stamp.signature;
    // The tag only names untimed reads' replay records: parsed when asked for, not on every signature.
    const verified = {
      credential: `api-key:${publicKey}`,
      validUntil: Number.NaN,
      get signatureTag() {
        return canonicalSignature(signature);
      },
    };
    if (deferApiKeyLookup) return Object.assign(verified, { pendingApiKey: publicKey });
    const key = await findApiKey(ctx.db, publicKey);
    checkApiKeyRegistration(key, organizationId, ctx.now());
    return Object.assign(
      verified,
      { validUntil: key.expiresAt },
      key.targetPublicKey ? { frameKey: key.targetPublicKey } : {},
      key.scope ? { scope: key.scope } : {},
      key.secondFactorAt !== null && key.secondFactorAt !== undefined ? { secondFactorAt: Number(key.secondFactorAt) } : {},
    );
  },
};

/** The API key must be registered to the organisation the body names, and unexpired. */
export function checkApiKeyRegistration(key: { orgId: string; expiresAt: number } | undefined, organizationId: string, now: number): asserts key {
  if (!key || key.orgId !== organizationId) {
    throw unauthorized("UNKNOWN_API_KEY", `The stamp's API key is not registered to organization ${organizationId}`);
  }
  if (key.expiresAt <= now) throw unauthorized("API_KEY_EXPIRED", "The session's API key has expired; sign in again");
}

function parseStamp(headerValue: string): ApiKeyStamp {
  let stamp: Partial<ApiKeyStamp>;
  try {
    stamp = JSON.parse(new TextDecoder().decode(fromBase64url(headerValue))) as Partial<ApiKeyStamp>;
    if (typeof stamp !== "object" || stamp === null || Array.isArray(stamp)) throw new Error("not an object");
  } catch {
    throw badRequest("INVALID_STAMP", "X-Stamp must be base64url JSON {publicKey, scheme, signature}");
  }
  if (stamp.scheme === MEMBER_STAMP_SCHEME && typeof stamp.signature === "string") return stamp as ApiKeyStamp;
  if (typeof stamp.publicKey !== "string" || typeof stamp.signature !== "string" || !isHex(stamp.publicKey) || !isHex(stamp.signature)) {
    throw badRequest("INVALID_STAMP", "X-Stamp needs publicKey and signature as hex strings");
  }
  if (stamp.scheme !== API_KEY_STAMP_SCHEME) throw badRequest("INVALID_STAMP", `X-Stamp scheme must be ${API_KEY_STAMP_SCHEME}`);
  return stamp as ApiKeyStamp;
}

/** (r, low s): the two encodings of one ECDSA signature map to one tag. */
function canonicalSignature(derHex: string): string {
  const signature = p256.Signature.fromBytes(hexToBytes(derHex), "der");
  const low = signature.hasHighS() ? new p256.Signature(signature.r, p256.Point.CURVE().n - signature.s) : signature;
  return bytesToHex(low.toBytes("compact"));
}
