import { afterEach, describe, expect, it, vi } from "vitest";
import { createKit, getEmbeddedSigner, type User } from "latch-kit";
import {
  createSolanaSigner,
  NO_SOLANA_ADDRESS,
  NoSolanaAddressError,
  solanaEmbedded,
  toSolanaSignature,
  transactionVersionOf,
  UnsupportedTransactionVersionError,
} from "latch-kit/plugins/solana-embedded";
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";

const SOLANA = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" as Address;
const OTHER = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T" as Address;
const user: User = { type: "sca", orgId: "org", userId: "u1", address: "0x1111111111111111111111111111111111111111", solanaAddress: SOLANA };
const BLOCKHASH = { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N" as Blockhash, lastValidBlockHeight: 150n };
const sig65 = `0x${"ab".repeat(64)}01`; // 65 bytes, as some backends answer (r‖s‖v)

function signedInKit(u: User | null = user) {
  const kit = createKit({ plugins: [solanaEmbedded()], signer: { url: "http://localhost:1" } });
  kit.setUser(u);
  const signRawPayload = vi.spyOn(getEmbeddedSigner(kit), "signRawPayload").mockResolvedValue(sig65 as `0x${string}`);
  return { kit, signRawPayload };
}

function unsigned(version: 0 | "legacy", feePayer: Address = SOLANA) {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: { address: feePayer } as never, destination: OTHER, amount: 5n })], m),
    ),
  );
}

afterEach(() => vi.restoreAllMocks());

describe("signature trimming (spec §7: a Solana signature is trimmed to 64 bytes)", () => {
  it("keeps the first 64 bytes of a longer signature, with or without 0x", () => {
    const trimmed = toSolanaSignature(sig65);
    expect(trimmed).toHaveLength(64);
    expect([...trimmed].every((b) => b === 0xab)).toBe(true);
    expect(toSolanaSignature("cd".repeat(64))).toEqual(new Uint8Array(64).fill(0xcd));
  });
  it("refuses a short or non-hex signature", () => {
    expect(() => toSolanaSignature(`0x${"ab".repeat(63)}`)).toThrow("The signature has 63 bytes; an ed25519 signature has 64");
    expect(() => toSolanaSignature("0xzz")).toThrow("not a hex string");
    expect(() => toSolanaSignature("0xabc")).toThrow("not a hex string");
  });
});

describe("transaction versions (spec §9: legacy and 0)", () => {
  it("reads legacy and 0, and refuses other versions", () => {
    expect(transactionVersionOf(unsigned("legacy").messageBytes as unknown as Uint8Array)).toBe("legacy");
    expect(transactionVersionOf(unsigned(0).messageBytes as unknown as Uint8Array)).toBe(0);
    expect(() => transactionVersionOf(new Uint8Array([0x81, 1, 0, 0]))).toThrow(UnsupportedTransactionVersionError);
    expect(() => transactionVersionOf(new Uint8Array([0x81]))).toThrow("Transaction version 1 is not supported");
  });
});

describe("the embedded Solana signer", () => {
  it("needs a signed-in user with a Solana address: 'No Solana address available for the user'", () => {
    expect(() => createSolanaSigner(signedInKit(null).kit)).toThrow("Signer not authenticated");
    const { kit } = signedInKit({ ...user, solanaAddress: undefined });
    expect(() => createSolanaSigner(kit)).toThrow(NoSolanaAddressError);
    expect(() => createSolanaSigner(kit)).toThrow(NO_SOLANA_ADDRESS);
    expect(NO_SOLANA_ADDRESS).toBe("No Solana address available for the user");
    // An external-wallet user has no embedded Solana key.
    expect(() => createSolanaSigner(signedInKit({ ...user, type: "eoa" }).kit)).toThrow("Signer not authenticated");
  });

  it("signs message bytes through sign-payload with ed25519 (hash function not applicable), signWith the Solana address", async () => {
    const { kit, signRawPayload } = signedInKit();
    const signer = createSolanaSigner(kit);
    expect(signer.address).toBe(SOLANA);
    const signature = await signer.signMessage("hi");
    expect(signRawPayload).toHaveBeenCalledWith({ payload: "0x6869", hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", signWith: SOLANA });
    expect(signature).toHaveLength(64);
    await signer.signMessage(new Uint8Array([0, 255]));
    expect(signRawPayload).toHaveBeenLastCalledWith(expect.objectContaining({ payload: "0x00ff" }));
  });

  it.each([0, "legacy"] as const)("signs the message bytes of a %s transaction and adds the 64-byte signature", async (version) => {
    const { kit, signRawPayload } = signedInKit();
    const transaction = unsigned(version);
    const signed = await createSolanaSigner(kit).signTransaction(transaction);
    const bytes = transaction.messageBytes as unknown as Uint8Array;
    expect(signRawPayload).toHaveBeenCalledWith({
      payload: `0x${Buffer.from(bytes).toString("hex")}`,
      hashFunction: "HASH_FUNCTION_NOT_APPLICABLE",
      signWith: SOLANA,
    });
    expect(signed.messageBytes).toBe(transaction.messageBytes);
    expect(signed.signatures[SOLANA]).toEqual(new Uint8Array(64).fill(0xab));
    expect(transaction.signatures[SOLANA]).toBeNull(); // the input is not changed
  });

  it("refuses a transaction that does not ask for the user's signature", async () => {
    const { kit, signRawPayload } = signedInKit();
    await expect(createSolanaSigner(kit).signTransaction(unsigned(0, OTHER))).rejects.toThrow(`does not ask for a signature from ${SOLANA}`);
    expect(signRawPayload).not.toHaveBeenCalled();
  });

  it("works as a @solana/kit partial signer", async () => {
    const { kit } = signedInKit();
    const signer = createSolanaSigner(kit);
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(SOLANA, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: signer, destination: OTHER, amount: 5n })], m),
      ),
    );
    expect(signed.signatures[SOLANA]).toHaveLength(64);
    const [dictionary] = await signer.signMessages([{ content: new Uint8Array([1]), signatures: {} }]);
    expect(dictionary![SOLANA]).toHaveLength(64);
  });
});
