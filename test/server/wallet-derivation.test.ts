import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HDKey } from "@scure/bip32";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import * as tiny from "tiny-secp256k1";
import { deriveSecp256k1 } from "../../server/crypto/bip32";
import { EVM_PATH, deriveWallet, ed25519PublicKey, loadFastDerivation, newMnemonic } from "../../server/crypto/wallet";

describe("wallet derivation with libsecp256k1 (server/crypto/bip32.ts)", () => {
  it("derives the keys @scure/bip32 derives, on hardened and non-hardened paths", () => {
    for (let i = 0; i < 20; i++) {
      const seed = new Uint8Array(randomBytes(64));
      for (const path of [EVM_PATH, "m/0/1'/2", "m/44'/60'/0'/0/7", "m"]) {
        const reference = HDKey.fromMasterSeed(seed).derive(path);
        const derived = deriveSecp256k1(seed, path, tiny);
        expect(Buffer.from(derived.privateKey).toString("hex")).toBe(Buffer.from(reference.privateKey!).toString("hex"));
        expect(Buffer.from(derived.publicKey).toString("hex")).toBe(secp256k1.Point.fromBytes(reference.publicKey!).toHex(false));
      }
    }
  });

  it("gives the wallet the JavaScript path gives, and the well-known address of the test mnemonic", async () => {
    for (const mnemonic of Array.from({ length: 5 }, () => newMnemonic())) {
      expect(await deriveWallet(mnemonic, tiny)).toEqual(await deriveWallet(mnemonic));
    }
    const known = await deriveWallet("test test test test test test test test test test test junk", tiny);
    expect(known.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  });

  it("computes Ed25519 public keys as noble does", () => {
    for (let i = 0; i < 20; i++) {
      const privateKey = new Uint8Array(randomBytes(32));
      expect(ed25519PublicKey(privateKey)).toEqual(ed25519.getPublicKey(privateKey));
    }
  });

  it("refuses a malformed path", () => {
    const seed = new Uint8Array(randomBytes(64));
    for (const path of ["44'/60'", "m/x", "m/4294967296", "m/-1"]) expect(() => deriveSecp256k1(seed, path, tiny), path).toThrow("invalid derivation path");
  });

  it("loads libsecp256k1 for derivation here, and stays in JavaScript when it cannot load or derives differently", async () => {
    expect(await loadFastDerivation()).toBeDefined();
    expect(await loadFastDerivation(() => Promise.reject(new Error("no WebAssembly")))).toBeUndefined();
    const wrong = { pointFromScalar: tiny.pointFromScalar, privateAdd: (key: Uint8Array, tweak: Uint8Array) => tiny.privateAdd(tweak, tweak) };
    expect(await loadFastDerivation(() => Promise.resolve(wrong))).toBeUndefined();
  });
});
