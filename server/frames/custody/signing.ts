import { ed25519 } from "@noble/curves/ed25519.js";
import { hex } from "@scure/base";
import { sign } from "viem/accounts";
import type { SplitWalletKeys } from "./walletKeys";
import { isProofMessage } from "./proof";

/** What the kit asks the frame to sign: the sign-payload route's parameters. */
export interface PayloadToSign {
  hashFunction: string;
  /** Hex, with or without 0x: a 32-byte hash for HASH_FUNCTION_NO_OP (EVM), the message bytes otherwise (Solana). */
  payload: string;
  /** The address to sign as: the wallet's EVM or Solana address. */
  signWith: string;
}

/**
 * Signs as the server's sign-payload does (server/services/signPayload.ts), so the kit reads either
 * the same way: a NO_OP hash with the EVM key (r‖s‖v, v 27 | 28), any other payload with the Solana key.
 */
export async function signPayloadWith(keys: SplitWalletKeys, { hashFunction, payload, signWith }: PayloadToSign): Promise<`0x${string}`> {
  const digits = payload.replace(/^0x/i, "");
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw new Error("payload must be hex");
  if (hashFunction === "HASH_FUNCTION_NO_OP") {
    if (signWith.toLowerCase() !== keys.address.toLowerCase()) throw new Error(`signWith ${signWith} is not the EVM address of this wallet (${keys.address})`);
    if (digits.length !== 64) throw new Error("a HASH_FUNCTION_NO_OP payload is a 32-byte hash (64 hex digits)");
    return sign({ hash: `0x${digits}`, privateKey: `0x${hex.encode(keys.evmPrivateKey)}`, to: "hex" });
  }
  if (signWith !== keys.solanaAddress) throw new Error(`signWith ${signWith} is not the Solana address of this wallet (${keys.solanaAddress})`);
  const message = hex.decode(digits.toLowerCase());
  // A custody upload's proof is signed by the frame's split path only, never on a page's request (proof.ts).
  if (isProofMessage(message)) throw new Error("PROOF_MESSAGE_REFUSED: this message is a custody upload's proof; the frame signs it only for its own split");
  return `0x${hex.encode(ed25519.sign(message, keys.solanaPrivateKey))}`;
}
