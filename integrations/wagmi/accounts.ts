// What wagmi sees as the connected account: the embedded owner key, or one of the user's smart
// accounts (whose owner is that key). Each signs and sends in its own way.
import { createWalletClient, http, keccak256, parseSignature, serializeTransaction, type Address, type Chain, type Hash, type Hex, type TransactionSerializable, type Transport, type TypedDataDefinition } from "viem";
import { toAccount } from "viem/accounts";
import { getEmbeddedSigner, NotLoggedInError, signMessageWith, signTypedDataWith, type Kit } from "latch-kit";
import { sendUserOperation, waitForUserOperationTransaction, type AccountType } from "latch-kit/chain";
import { getSmartAccounts } from "latch-kit/plugins/smart-accounts";

/** `owner`: the embedded signer's own key (an EOA); an account type: that smart account of the user. */
export type LatchWagmiAccount = "owner" | AccountType;

export interface TransactionRequest {
  to?: Address;
  data?: Hex;
  value?: bigint;
}

export interface ConnectedAccount {
  address: Address;
  signMessage(raw: Hex): Promise<Hex>;
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>;
  sendTransaction(request: TransactionRequest, chain: Chain, transport: Transport): Promise<Hash>;
}

export function connectedAccount(kit: Kit, which: LatchWagmiAccount): ConnectedAccount | null {
  const user = kit.getUser();
  // Only an embedded user: an external wallet user ('eoa') is wagmi's own connection (evm({ wagmiConfig })).
  if (user?.type !== "sca") return null;
  if (which === "owner") return ownerAccount(kit, user.address);
  const client = kit.store.get(getSmartAccounts(kit).clientsAtom)?.[which];
  if (!client) return null;
  return {
    address: client.account.address,
    signMessage: (raw) => client.account.signMessage({ message: { raw } }),
    signTypedData: (typedData) => client.account.signTypedData(typedData as never),
    async sendTransaction({ to, data, value }) {
      if (!to) throw new Error("A smart account cannot deploy a contract by eth_sendTransaction: give a `to` address");
      const { hash } = await sendUserOperation(client, { calls: [{ to, ...(data ? { data } : {}), ...(value ? { value } : {}) }] });
      return await waitForUserOperationTransaction(client, { hash });
    },
  };
}

function ownerAccount(kit: Kit, address: Address): ConnectedAccount {
  const signer = getEmbeddedSigner(kit);
  // A viem account over the embedded key: transactions are signed as a raw hash of their serialization.
  const account = toAccount({
    address,
    signMessage: ({ message }) => signMessageWith(signer, message),
    signTypedData: (typedData) => signTypedDataWith(signer, typedData as TypedDataDefinition),
    async signTransaction(transaction: TransactionSerializable) {
      const signature = await signer.signRawPayload({ payload: keccak256(serializeTransaction(transaction)) });
      return serializeTransaction(transaction, parseSignature(signature));
    },
  });
  return {
    address,
    signMessage: (raw) => signMessageWith(signer, { raw }),
    signTypedData: (typedData) => signTypedDataWith(signer, typedData),
    sendTransaction: (request, chain, transport) => createWalletClient({ account, chain, transport }).sendTransaction({ ...request, chain }),
  };
}

/**
 * The account once it can sign: at once for the owner; for a smart account, once the smart-accounts
 * plugin has set up the user's clients (it does so after sign-in). Rejects when nobody is signed in,
 * the user signs out meanwhile, or the set-up fails.
 */
export function readyAccount(kit: Kit, which: LatchWagmiAccount): Promise<ConnectedAccount> {
  const now = connectedAccount(kit, which);
  if (now || which === "owner" || kit.getUser()?.type !== "sca") return now ? Promise.resolve(now) : Promise.reject(new NotLoggedInError());
  const service = getSmartAccounts(kit);
  return new Promise((resolve, reject) => {
    const settle = () => {
      const account = connectedAccount(kit, which);
      const error = kit.store.get(service.errorAtom);
      if (!account && !error && kit.getUser()?.type === "sca") return;
      stops.forEach((stop) => stop());
      if (account) resolve(account);
      else reject(error ?? new NotLoggedInError());
    };
    const stops = [kit.store.sub(service.clientsAtom, settle), kit.store.sub(service.errorAtom, settle), kit.events.on("disconnected", settle)];
  });
}

export function requireAccount(kit: Kit, which: LatchWagmiAccount): ConnectedAccount {
  const account = connectedAccount(kit, which);
  if (!account) throw new NotLoggedInError();
  return account;
}

export const defaultTransport = (chain: Chain): Transport => http(chain.rpcUrls.default.http[0]);
