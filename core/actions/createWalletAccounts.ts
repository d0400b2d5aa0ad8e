import { untilAborted, type AbortOptions } from "../abort";
import { LatchError } from "../errors";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";
import type { WalletAccountParams } from "./importWallet";

/** The wallet to add accounts to, and the accounts (a path left out: the wallet's next account of that kind). */
export interface CreateWalletAccountsParameters {
  walletId: string;
  accounts: Array<Omit<WalletAccountParams, "path"> & { path?: string }>;
}

/**
 * Adds accounts to one of the signed-in user's wallets, the default one or an imported one
 * (`ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS`); answers their addresses. A path the wallet holds
 * already is refused.
 *
 * @example
 * const [wallet] = await listWallets(kit);
 * const [address] = await createWalletAccounts(kit, {
 *   walletId: wallet.walletId,
 *   accounts: [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }],
 * });
 */
export async function createWalletAccounts(kit: Kit, params: CreateWalletAccountsParameters, options: AbortOptions = {}): Promise<string[]> {
  options.signal?.throwIfAborted();
  if (typeof params?.walletId !== "string" || !Array.isArray(params.accounts) || params.accounts.length === 0) {
    throw new LatchError("createWalletAccounts needs a walletId and at least one account");
  }
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const submitted = signer.keyManagement.submitActivity(
    "create_wallet_accounts",
    { type: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", timestampMs: signer.nextTimestampMs(), organizationId: user.orgId, parameters: { walletId: params.walletId, accounts: params.accounts } },
    options,
  );
  const activity = await untilAborted(submitted, options.signal);
  const addresses = activity.result.createWalletAccountsResult?.addresses;
  if (!Array.isArray(addresses)) throw new LatchError("The server did not name the accounts it created");
  return addresses;
}
