import { createHmac, timingSafeEqual } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, hex } from "@scure/base";
import { recoverMessageAddress } from "viem";
import type { Secrets } from "../crypto/secrets";
import { custodyProofMessage, type CustodyProof, type ProofSubject } from "../frames/custody/proof";

/**
 * The challenge a session's frame signs when it uploads shares: a keyed hash of the user and the
 * credential that stamps (the session key), so a proof made for one session is worth nothing to
 * another and only this server issues it. Stateless: every instance computes the same.
 */
export function uploadChallenge(secrets: Secrets, orgId: string, credential: string): string {
  return createHmac("sha256", secrets.key("custody-challenge")).update(`${orgId}\n${credential}`).digest("hex");
}

export function isUploadChallenge(secrets: Secrets, orgId: string, credential: string, challenge: string): boolean {
  const expected = Buffer.from(uploadChallenge(secrets, orgId, credential), "utf8");
  const given = Buffer.from(challenge, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether both signatures are by the keys of the two addresses, over the proof message of `subject`. */
export async function verifyCustodyProof(subject: ProofSubject, proof: CustodyProof): Promise<{ evm: boolean; solana: boolean }> {
  const message = custodyProofMessage(subject);
  return { evm: await evmSigned(message, subject.address, proof.evm), solana: solanaSigned(message, subject.solanaAddress, proof.solana) };
}

async function evmSigned(message: string, address: string, signature: `0x${string}`): Promise<boolean> {
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}

function solanaSigned(message: string, solanaAddress: string, signature: string): boolean {
  try {
    const publicKey = base58.decode(solanaAddress);
    return publicKey.length === 32 && ed25519.verify(hex.decode(signature.toLowerCase()), new TextEncoder().encode(message), publicKey);
  } catch {
    return false;
  }
}
