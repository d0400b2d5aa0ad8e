import type { ServerContext } from "../context";
import { forbidden } from "../errors";
import { hexToBytes, strip0x } from "../crypto/encoding";
import { signSolanaMessage } from "../crypto/wallet";
import type { SignerRow } from "../store/users";
import { signingKeyOf } from "./walletAccounts";

/**
 * Signs a raw payload as the account `signWith` names, for the signer's sign-payload route and the
 * key-management `sign_raw_payload` activity alike: a 32-byte hash (`HASH_FUNCTION_NO_OP`) with the
 * EVM key (r‖s‖v, v 27 | 28), any other payload with the Solana key; 403 when none of the user's
 * wallets holds that account.
 */
export async function signPayloadAs(
  ctx: ServerContext,
  user: SignerRow,
  { hashFunction, payload, signWith }: { hashFunction: string; payload: string; signWith: string },
): Promise<`0x${string}`> {
  if (hashFunction === "HASH_FUNCTION_NO_OP") {
    const key = await signingKeyOf(ctx, user, signWith, "evm");
    if (!key) throw notOwned(signWith, user.orgId, "an EVM address");
    return ctx.evmSigner.sign(key.evmPrivateKey, `0x${strip0x(payload)}`);
  }
  const key = await signingKeyOf(ctx, user, signWith, "solana");
  if (!key) throw notOwned(signWith, user.orgId, "a Solana address");
  return signSolanaMessage(key, hexToBytes(payload));
}

function notOwned(signWith: string, orgId: string, kind: string) {
  return forbidden("SIGN_WITH_NOT_OWNED", `signWith ${signWith} is not ${kind} of a wallet of organization ${orgId}`);
}
