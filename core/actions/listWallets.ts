import { untilAborted, type AbortOptions } from "../abort";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";

/** One of the signed-in user's wallets: the default one made at sign-up, or one they imported. */
export interface Wallet {
  walletId: string;
  walletName: string;
  /** True for a wallet imported from a recovery phrase. */
  imported: boolean;
  exported: boolean;
}

/**
 * Lists the signed-in user's wallets (`query/list_wallets`): the default wallet first, then the
 * imported ones, oldest first.
 *
 * @example
 * const wallets = await listWallets(kit);
 * const imported = wallets.filter((wallet) => wallet.imported);
 */
export async function listWallets(kit: Kit, options: AbortOptions = {}): Promise<Wallet[]> {
  options.signal?.throwIfAborted();
  const signer = getEmbeddedSigner(kit);
  const { orgId } = signer.requireUser();
  const read = signer.keyManagement.request("query/list_wallets", { organizationId: orgId, timestampMs: signer.nextTimestampMs() }, options);
  return (await untilAborted(read, options.signal)).wallets;
}
