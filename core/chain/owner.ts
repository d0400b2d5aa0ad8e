// The signer behind a smart account: the embedded signer provides one, tests use a viem local account.
import type { Address, Hex, SignableMessage, TypedData, TypedDataDefinition } from "viem";

/** The signer behind a smart account (the embedded signer, or any viem account). */
export interface Owner {
  address: Address;
  /** EIP-191 personal signature; `{ raw }` signs the bytes as given (user operation hashes). */
  signMessage(parameters: { message: SignableMessage }): Promise<Hex>;
  /** EIP-712 signature. */
  signTypedData<const typedData extends TypedData | Record<string, unknown>, primaryType extends string>(
    parameters: TypedDataDefinition<typedData, primaryType>,
  ): Promise<Hex>;
  /** Signs a 32-byte hash with no prefix, when the signer can. */
  signRawHash?(hash: Hex): Promise<Hex>;
}

/** A viem local account (privateKeyToAccount, mnemonicToAccount, toAccount(...)) as an Owner. */
export function ownerFromAccount(account: {
  address: Address;
  signMessage: (parameters: { message: SignableMessage }) => Promise<Hex>;
  signTypedData: (parameters: never) => Promise<Hex>;
  sign?: ((parameters: { hash: Hex }) => Promise<Hex>) | undefined;
}): Owner {
  const sign = account.sign;
  return {
    address: account.address,
    signMessage: (parameters) => account.signMessage(parameters),
    signTypedData: (parameters) => account.signTypedData(parameters as never),
    ...(sign ? { signRawHash: (hash: Hex) => sign({ hash }) } : {}),
  };
}
