import { createHash } from "node:crypto";
import { EVM_PATH, SOLANA_PATH } from "../crypto/wallet";
import type { UserRow } from "../store/users";

/** Each user has one HD wallet; its id is derived from the organisation (stable, no extra column). */
export function walletIdOf(orgId: string): string {
  const hex = createHash("sha256").update(`latch-wallet:${orgId}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const WALLET_NAME = "Default wallet";

export function walletAccountsOf(user: UserRow) {
  const walletId = walletIdOf(user.orgId);
  const account = (kind: "evm" | "solana") => ({
    walletAccountId: walletIdOf(`${user.orgId}:${kind}`),
    organizationId: user.orgId,
    walletId,
    curve: kind === "evm" ? "CURVE_SECP256K1" : "CURVE_ED25519",
    pathFormat: "PATH_FORMAT_BIP32",
    path: kind === "evm" ? EVM_PATH : SOLANA_PATH,
    addressFormat: kind === "evm" ? "ADDRESS_FORMAT_ETHEREUM" : "ADDRESS_FORMAT_SOLANA",
    address: kind === "evm" ? user.address : user.solanaAddress,
  });
  // An account whose signer frame has not made its wallet yet (split custody, `none`) has no accounts to list.
  return user.address ? [account("evm"), account("solana")] : [];
}
