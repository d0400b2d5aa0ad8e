import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { signMessage } from "viem/accounts";
import type { SplitWalletKeys } from "./walletKeys";

/**
 * The proof that an upload of shares is of the wallet it names: the keys rebuilt from those shares
 * sign a message naming the user, the server's challenge for the uploading session, both addresses
 * and a digest of the sealed shares. EVM: EIP-191 by the EVM key; Solana: ed25519 over the message
 * bytes. The frame's own signing refuses any Solana payload that starts with {@link PROOF_PREFIX}
 * (its EVM signing takes hashes and cannot tell), so only the frame's split path makes a proof: a
 * page driving the frame through a session cannot vouch for shares it made up.
 */
export const PROOF_PREFIX = "Latch split custody: these shares are of my wallet\n";

export interface ProofSubject {
  organizationId: string;
  /** Issued by the server for this user and the session key that stamps the upload (custody-state). */
  challenge: string;
  address: string;
  solanaAddress: string;
  sealedShares: string;
}

export interface CustodyProof {
  /** EIP-191 signature (r‖s‖v) by the wallet's EVM key. */
  evm: `0x${string}`;
  /** ed25519 signature (hex, 64 bytes) by the wallet's Solana key. */
  solana: string;
}

export function custodyProofMessage(subject: ProofSubject): string {
  return [
    PROOF_PREFIX.trimEnd(),
    `organization: ${subject.organizationId}`,
    `challenge: ${subject.challenge}`,
    `evm: ${subject.address.toLowerCase()}`,
    `solana: ${subject.solanaAddress}`,
    `shares: ${hex.encode(sha256(new TextEncoder().encode(subject.sealedShares)))}`,
  ].join("\n");
}

/** Whether bytes the frame is asked to sign are a custody proof's message (refused outside the split path). */
export function isProofMessage(bytes: Uint8Array): boolean {
  const prefix = new TextEncoder().encode(PROOF_PREFIX);
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** Signs the proof with the keys rebuilt from the shares being uploaded (inside the frame). */
export async function signCustodyProof(keys: SplitWalletKeys, subject: ProofSubject): Promise<CustodyProof> {
  const message = custodyProofMessage(subject);
  const evm = await signMessage({ message, privateKey: `0x${hex.encode(keys.evmPrivateKey)}` });
  const solana = hex.encode(ed25519.sign(new TextEncoder().encode(message), keys.solanaPrivateKey));
  return { evm, solana };
}
