import { generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newP256KeyPair } from "../../server/crypto/p256";
import { VerifyKeyCache } from "../../server/crypto/verifyKeyCache";

const compressedKeys = (n: number) => Array.from({ length: n }, () => newP256KeyPair().publicKeyCompressedHex);

function compressedHexOf(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: "jwk" });
  const y = Buffer.from(jwk.y!, "base64url");
  return `${y[31]! & 1 ? "03" : "02"}${Buffer.from(jwk.x!, "base64url").toString("hex")}`;
}

describe("parsed API keys (VerifyKeyCache)", () => {
  it("answers the same parsed key for the same public key, one that verifies that key's signatures only", () => {
    const cache = new VerifyKeyCache();
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const key = cache.get(compressedHexOf(pair.publicKey));
    expect(cache.get(compressedHexOf(pair.publicKey))).toBe(key);
    const message = Buffer.from("a stamped body");
    const signature = sign("sha256", message, { key: pair.privateKey, dsaEncoding: "der" });
    const forged = sign("sha256", message, { key: other.privateKey, dsaEncoding: "der" });
    expect(verify("sha256", message, { key, dsaEncoding: "der" }, signature)).toBe(true);
    expect(verify("sha256", message, { key, dsaEncoding: "der" }, forged)).toBe(false);
  });

  it("keeps at most `max` keys, dropping the least recently used", () => {
    const cache = new VerifyKeyCache(3);
    const [a, b, c, d] = compressedKeys(4) as [string, string, string, string];
    const parsedA = cache.get(a);
    const parsedB = cache.get(b);
    cache.get(c);
    expect(cache.get(a)).toBe(parsedA); // a is now the most recently used
    cache.get(d); // over the bound: b (least recently used) goes
    expect(cache.size).toBe(3);
    expect(cache.get(a)).toBe(parsedA);
    expect(cache.get(b)).not.toBe(parsedB);
    expect(cache.size).toBe(3);
  });

  it("refuses what is not a compressed P-256 point, and keeps nothing of it", () => {
    const cache = new VerifyKeyCache();
    expect(() => cache.get("02" + "ff".repeat(32))).toThrow();
    expect(() => cache.get("04" + "11".repeat(64))).toThrow();
    expect(() => cache.get("zz")).toThrow();
    expect(cache.size).toBe(0);
  });
});
