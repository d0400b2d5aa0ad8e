import { hex } from "@scure/base";
import { splitEntropy } from "./shares";
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
}

/** Splits the wallet's entropy, locks the recovery share with `recovery`, seals what the server keeps. */
export async function prepareSplit(entropy: Uint8Array, recovery: RecoverySecret, serverCustodyKeyHex: string): Promise<PreparedSplit> {
  const keys = await keysFromEntropy(entropy);
  const addresses = { address: keys.address, solanaAddress: keys.solanaAddress };
  wipeKeys(keys);
  const shares = await splitEntropy(entropy);
  try {
    const recoveryBox: RecoveryBox = await lockRecoveryShare(shares.recovery, recovery, addresses);
    const payload = new TextEncoder().encode(JSON.stringify({ authShare: hex.encode(shares.auth), recoveryBox }));
    const sealedShares = await sealToServer(serverCustodyKeyHex, payload);
    payload.fill(0);
    return { device: shares.device, ...addresses, sealedShares };
  } finally {
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
