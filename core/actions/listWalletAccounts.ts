import { untilAborted, type AbortOptions } from "../abort";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";
import { listWallets } from "./listWallets";

/** One account (an address on one curve) of the signed-in user's wallets. */
export interface WalletAccount {
  walletAccountId: string;
  walletId: string;
  organizationId: string;
  address: string;
  curve: string;
  addressFormat: string;
  path: string;
  pathFormat: string;
}

/**
 * Lists the accounts of every wallet of the signed-in user's organisation (`query/list_wallets`,
 * then `query/list_wallet_accounts` per wallet): the EVM and Solana addresses and their paths.
 *
 * @example
 * const accounts = await listWalletAccounts(kit);
 * const solana = accounts.find((account) => account.addressFormat === "ADDRESS_FORMAT_SOLANA");
 */
export async function listWalletAccounts(kit: Kit, options: AbortOptions = {}): Promise<WalletAccount[]> {
  options.signal?.throwIfAborted();
  const signer = getEmbeddedSigner(kit);
  const { orgId } = signer.requireUser();
  const read = async () => {
    const wallets = await listWallets(kit, options);
    const lists = await Promise.all(
      wallets.map(({ walletId }) =>
        signer.keyManagement.request("query/list_wallet_accounts", { organizationId: orgId, walletId, timestampMs: signer.nextTimestampMs() }, options),
      ),
    );
    return lists.flatMap((list) => list.accounts);
  };
  return untilAborted(read(), options.signal);
}
