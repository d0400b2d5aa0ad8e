import { hex } from "@scure/base";
import { SPLIT_EXPORT_KIND } from "../../../wire/custody-frame";
import { joinShares } from "./shares";
import { keysFromEntropy, mnemonicOf, wipeKeys } from "./walletKeys";


interface SplitExport {
  authShare: string;
  address: string;
  solanaAddress: string;
}

function splitExportOf(secret: Uint8Array): SplitExport | null {
  if (secret[0] !== 0x7b) return null; // a phrase never starts with "{"
  const value = JSON.parse(new TextDecoder().decode(secret)) as Partial<SplitExport> & { kind?: unknown };
  if (value.kind !== SPLIT_EXPORT_KIND) return null;
  if (typeof value.authShare !== "string" || typeof value.address !== "string" || typeof value.solanaAddress !== "string") {
    throw new Error("the split export bundle is not {authShare, address, solanaAddress}");
  }
  return { authShare: value.authShare, address: value.address, solanaAddress: value.solanaAddress };
}

/**
 * The phrase of a split wallet, inside the export frame: the auth share the server signed and
 * sealed to this frame joined with this device's share (`deviceShareHex`, from the frames' storage),
 * checked against the wallet's addresses the server signed. Null when `secret` is a plain phrase.
 */
export async function phraseOfSplitExport(secret: Uint8Array, deviceShareHex: string | null): Promise<string | null> {
  const split = splitExportOf(secret);
  if (!split) return null;
  if (!deviceShareHex) throw new Error("DEVICE_SHARE_MISSING: this device does not hold its share of the wallet; recover it with the recovery code, then export");
  const auth = hex.decode(split.authShare.toLowerCase());
  const device = hex.decode(deviceShareHex.toLowerCase());
  const entropy = await joinShares(device, auth);
  try {
    const keys = await keysFromEntropy(entropy);
    const matches = keys.address.toLowerCase() === split.address.toLowerCase() && keys.solanaAddress === split.solanaAddress;
    wipeKeys(keys);
    if (!matches) throw new Error("this device's share is of an older split of the wallet: recover it with the recovery code, then export");
    return mnemonicOf(entropy);
  } finally {
    entropy.fill(0);
    auth.fill(0);
    device.fill(0);
  }
}
