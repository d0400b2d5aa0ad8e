import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recoverAddress, verifyHash } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { LIBSECP256K1_IMPLEMENTATION, NOBLE_IMPLEMENTATION, libsecp256k1EvmSigner, loadEvmSigner, nobleEvmSigner } from "../../server/crypto/evmSigner";

const hex32 = () => `0x${randomBytes(32).toString("hex")}` as const;
const cases = Array.from({ length: 40 }, () => ({ privateKey: hex32(), hash: hex32() }));

describe("EVM hash signing (server/crypto/evmSigner.ts)", () => {
  it("signs with libsecp256k1 (tiny-secp256k1's WebAssembly) where it loads", async () => {
    const signer = await loadEvmSigner();
    expect(signer.implementation).toBe(LIBSECP256K1_IMPLEMENTATION);
    expect(signer.fallbackReason).toBeUndefined();
  });

  it("gives the same signatures as noble, recoverable to the key's address and verified by viem", async () => {
    const fast = await loadEvmSigner();
    const noble = nobleEvmSigner();
    for (const { privateKey, hash } of cases) {
      const signature = await fast.sign(privateKey, hash);
      expect(signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
      expect(signature).toBe(await noble.sign(privateKey, hash));
      const address = privateKeyToAddress(privateKey);
      expect(await recoverAddress({ hash, signature })).toBe(address);
      expect(await verifyHash({ address, hash, signature })).toBe(true);
    }
  });

  it("falls back to noble, saying why, when tiny-secp256k1 cannot load; the fallback's signatures verify", async () => {
    const signer = await loadEvmSigner(() => Promise.reject(new Error("WebAssembly is not available")));
    expect(signer.implementation).toBe(NOBLE_IMPLEMENTATION);
    expect(signer.fallbackReason).toBe("tiny-secp256k1 did not load: WebAssembly is not available");
    for (const { privateKey, hash } of cases.slice(0, 5)) {
      const signature = await signer.sign(privateKey, hash);
      expect(await verifyHash({ address: privateKeyToAddress(privateKey), hash, signature })).toBe(true);
    }
  });

  it("falls back to noble when the loaded library signs the probe differently", async () => {
    const tiny = await import("tiny-secp256k1");
    const wrong = {
      signRecoverable(hash: Uint8Array, key: Uint8Array) {
        const { signature, recoveryId } = tiny.signRecoverable(hash, key);
        return { signature: signature.map((byte, i) => (i === 63 ? byte ^ 1 : byte)), recoveryId };
      },
    };
    const signer = await loadEvmSigner(() => Promise.resolve(wrong));
    expect(signer.implementation).toBe(NOBLE_IMPLEMENTATION);
    expect(signer.fallbackReason).toMatch(/^libsecp256k1 signed the probe differently/);
  });

  it("refuses a hash that is not 32 bytes (the routes accept only 32-byte hashes before they sign)", async () => {
    const fast = libsecp256k1EvmSigner(await import("tiny-secp256k1"));
    await expect(fast.sign(hex32(), `0x${"ab".repeat(31)}`)).rejects.toThrow();
  });
});
