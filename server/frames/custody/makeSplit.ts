import { hex } from "@scure/base";
import { joinShares, splitEntropy } from "./shares";
import { signCustodyProof, type CustodyProof } from "./proof";
import { keysFromEntropy, wipeKeys } from "./walletKeys";
import { lockRecoveryShare, parseRecoveryBox, type RecoveryBox, type RecoverySecret } from "./recoveryLock";
import { sealToServer } from "./sealToServer";

/** A split ready to store: the device share stays in the frame; the rest goes to the server sealed to its custody key. */
export interface PreparedSplit {
  device: Uint8Array;
  address: `0x${string}`;
  solanaAddress: string;
  /** `{authShare, recoveryBox}` sealed to the server's custody key: the custody-split route's `sealedShares`. */
  sealedShares: string;
  /** The server's challenge and its signature by the keys these shares rebuild (custody-split checks it). */
  challenge: string;
  proof: CustodyProof;
}

/** Who the split is uploaded for: the user and the challenge the server issued to the uploading session. */
export interface UploadFor {
  organizationId: string;
  challenge: string;
}

/** Both pairs the wallet will be rebuilt from (device + auth to sign, auth + recovery to recover) must give the entropy back. */
async function checkPairs(entropy: Uint8Array, shares: { device: Uint8Array; auth: Uint8Array; recovery: Uint8Array }): Promise<void> {
  for (const [first, second] of [
    [shares.device, shares.auth],
    [shares.auth, shares.recovery],
  ] as const) {
    const rebuilt = await joinShares(first, second);
    const same = rebuilt.length === entropy.length && rebuilt.every((byte, i) => byte === entropy[i]);
    rebuilt.fill(0);
    if (!same) throw new Error("the shares do not rebuild the wallet: nothing was uploaded");
  }
}

/**
 * Splits the wallet's entropy, checks both pairs rebuild it, locks the recovery share with
 * `recovery`, seals what the server keeps and signs the upload's proof with the wallet's keys.
 */
export async function prepareSplit(entropy: Uint8Array, recovery: RecoverySecret, serverCustodyKeyHex: string, uploadFor: UploadFor): Promise<PreparedSplit> {
  const keys = await keysFromEntropy(entropy);
  const shares = await splitEntropy(entropy);
  try {
    await checkPairs(entropy, shares);
    const addresses = { address: keys.address, solanaAddress: keys.solanaAddress };
    const recoveryBox: RecoveryBox = await lockRecoveryShare(shares.recovery, recovery, addresses);
    const payload = new TextEncoder().encode(JSON.stringify({ authShare: hex.encode(shares.auth), recoveryBox }));
    const sealedShares = await sealToServer(serverCustodyKeyHex, payload);
    payload.fill(0);
    const proof = await signCustodyProof(keys, { ...uploadFor, ...addresses, sealedShares });
    return { device: shares.device, ...addresses, sealedShares, challenge: uploadFor.challenge, proof };
  } catch (error) {
    shares.device.fill(0);
    throw error;
  } finally {
    wipeKeys(keys);
    shares.auth.fill(0);
    shares.recovery.fill(0);
  }
}

/** What the server seals to the frame at sign-in (custody-state's bundle, opened). */
export interface ReleasedShares {
  authShare: Uint8Array;
  recoveryBox: RecoveryBox;
}

export function parseReleasedShares(plain: Uint8Array): ReleasedShares {
  const value = JSON.parse(new TextDecoder().decode(plain)) as { authShare?: unknown; recoveryBox?: unknown };
  if (typeof value.authShare !== "string") throw new Error("the released shares are not {authShare, recoveryBox}");
  return { authShare: hex.decode(value.authShare.toLowerCase()), recoveryBox: parseRecoveryBox(JSON.stringify(value.recoveryBox)) };
}
