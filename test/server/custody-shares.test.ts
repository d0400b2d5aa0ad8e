import { describe, expect, it } from "vitest";
import { hashMessage, recoverAddress } from "viem";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { deriveWallet } from "../../server/crypto/wallet";
import { joinShares, splitEntropy } from "../../server/frames/custody/shares";
import { keysFromEntropy, mnemonicOf, newEntropy } from "../../server/frames/custody/walletKeys";
import { signPayloadWith } from "../../server/frames/custody/signing";
import { StaleShareError, withWalletKeys } from "../../server/frames/custody/reassemble";
import {
  isRecoveryCode,
  lockRecoveryShare,
  newRecoveryCode,
  parseRecoveryBox,
  passkeyPrfInput,
  unlockRecoveryShare,
  WrongRecoverySecretError,
} from "../../server/frames/custody/recoveryLock";

describe("split custody: shares, reassembly and signing in the frame's code", () => {
  it("any two of the three shares rebuild the entropy; the three are different", async () => {
    const entropy = newEntropy();
    const { device, auth, recovery } = await splitEntropy(entropy);
    expect(new Set([device, auth, recovery].map((s) => Buffer.from(s).toString("hex"))).size).toBe(3);
    for (const [a, b] of [[device, auth], [auth, recovery], [device, recovery], [recovery, device]] as const) {
      expect(Buffer.from(await joinShares(a, b)).equals(Buffer.from(entropy))).toBe(true);
    }
  });

  it("refuses one share given twice and shares of different lengths", async () => {
    const { device } = await splitEntropy(newEntropy());
    const { auth: longer } = await splitEntropy(new Uint8Array(32).fill(7));
    await expect(joinShares(device, device)).rejects.toThrow(/same share twice/);
    await expect(joinShares(device, longer)).rejects.toThrow(/different lengths/);
  });

  it("derives the same addresses as the server's derivation of the same mnemonic", async () => {
    const entropy = newEntropy();
    const keys = await keysFromEntropy(entropy);
    const server = await deriveWallet(mnemonicOf(entropy));
    expect(keys.address).toBe(server.address);
    expect(keys.solanaAddress).toBe(server.solanaAddress);
  });

  it("signs an EVM hash (recovers to the address) and a Solana message (verifies) from two shares", async () => {
    const entropy = newEntropy();
    const expected = await keysFromEntropy(entropy);
    const { device, auth } = await splitEntropy(entropy);
    const hash = hashMessage("split custody");
    const evm = await withWalletKeys(device, auth, expected, (keys) =>
      signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: expected.address.toLowerCase() }),
    );
    expect(await recoverAddress({ hash, signature: evm })).toBe(expected.address);
    const message = new TextEncoder().encode("a Solana transaction message");
    const solana = await withWalletKeys(device, auth, expected, (keys) =>
      signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: Buffer.from(message).toString("hex"), signWith: expected.solanaAddress }),
    );
    expect(ed25519.verify(Buffer.from(solana.slice(2), "hex"), message, base58.decode(expected.solanaAddress))).toBe(true);
  });

  it("refuses to sign as another address, and wipes the keys it lent", async () => {
    const entropy = newEntropy();
    const expected = await keysFromEntropy(entropy);
    const { device, auth } = await splitEntropy(entropy);
    let lent: Uint8Array | undefined;
    await expect(
      withWalletKeys(device, auth, expected, (keys) => {
        lent = keys.evmPrivateKey;
        return signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: "0x000000000000000000000000000000000000dEaD" });
      }),
    ).rejects.toThrow(/is not the EVM address/);
    expect(lent?.every((byte) => byte === 0)).toBe(true);
  });

  it("a device share from an earlier split does not rebuild the wallet: StaleShareError, not a wrong signature", async () => {
    const entropy = newEntropy();
    const expected = await keysFromEntropy(entropy);
    const before = await splitEntropy(entropy);
    const after = await splitEntropy(entropy);
    await expect(withWalletKeys(before.device, after.auth, expected, async () => "signed")).rejects.toBeInstanceOf(StaleShareError);
  });

  it("the recovery share opens with its code or passkey output only, and only for its wallet", async () => {
    const entropy = newEntropy();
    const addresses = await keysFromEntropy(entropy);
    const { recovery } = await splitEntropy(entropy);
    const code = newRecoveryCode();
    expect(isRecoveryCode(code)).toBe(true);
    const box = await lockRecoveryShare(recovery, { kind: "code", code }, addresses);
    expect(box.ciphertext).not.toContain(Buffer.from(recovery).toString("base64url"));
    const typed = code.toLowerCase().replace(/-/g, " ");
    expect(Buffer.from(await unlockRecoveryShare(box, { kind: "code", code: typed }, addresses)).equals(Buffer.from(recovery))).toBe(true);
    await expect(unlockRecoveryShare(box, { kind: "code", code: newRecoveryCode() }, addresses)).rejects.toBeInstanceOf(WrongRecoverySecretError);
    const other = { address: "0x000000000000000000000000000000000000dEaD", solanaAddress: addresses.solanaAddress };
    await expect(unlockRecoveryShare(box, { kind: "code", code }, other)).rejects.toBeInstanceOf(WrongRecoverySecretError);

    const prfOutput = crypto.getRandomValues(new Uint8Array(32));
    const passkeyBox = await lockRecoveryShare(recovery, { kind: "passkey", prfOutput }, addresses);
    expect(Buffer.from(await unlockRecoveryShare(passkeyBox, { kind: "passkey", prfOutput }, addresses)).equals(Buffer.from(recovery))).toBe(true);
    await expect(unlockRecoveryShare(passkeyBox, { kind: "passkey", prfOutput: new Uint8Array(32) }, addresses)).rejects.toBeInstanceOf(WrongRecoverySecretError);
    await expect(unlockRecoveryShare(passkeyBox, { kind: "code", code }, addresses)).rejects.toThrow(/locked by a passkey/);

    // A passkey box keeps what the passkey needs to make the same output again (its PRF salt and id), as stored and parsed by the server.
    const prf = { prfSalt: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"), credentialId: "zwWVWDXphCW2f8Z7MG-Z7cccQwmAw79d21CRclfqTK0" };
    const named = parseRecoveryBox(JSON.stringify(await lockRecoveryShare(recovery, { kind: "passkey", prfOutput, prf }, addresses)));
    expect(passkeyPrfInput(named)).toEqual(prf);
    expect(Buffer.from(await unlockRecoveryShare(named, { kind: "passkey", prfOutput }, addresses)).equals(Buffer.from(recovery))).toBe(true);
    expect(() => parseRecoveryBox(JSON.stringify({ ...named, prfSalt: "not base64url!" }))).toThrow(/names its passkey/);
    expect(() => passkeyPrfInput(box)).toThrow(/not locked by a passkey/);
  });
});
