// The wallet's JSON-RPC methods (MWA spec "Non-privileged / privileged methods") as typed calls over
// one session's `request`; the protocol version decides the names of a legacy wallet's methods.
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { fromBase64, toBase64 } from "./base64";
import { getBase58Decoder, getBase64Encoder } from "@solana/kit";

/** The session's protocol version: v1, or a wallet that sent no session properties. */
export type MwaProtocolVersion = "v1" | "legacy";

export interface AppIdentityParams {
  name?: string;
  uri?: string;
  icon?: string;
}

/** Sign In With Solana fields the app asks the wallet to sign (address and domain optional). */
export interface SignInPayload {
  domain?: string;
  address?: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
}

export interface AuthorizeParams {
  identity: AppIdentityParams;
  chain: string;
  auth_token?: string;
  sign_in_payload?: SignInPayload;
}

/** What `authorize` answers: the token, the accounts, maybe the wallet's base URI and the sign-in result. */
export interface AuthorizationResult {
  auth_token: string;
  accounts: { address: string; label?: string; chains?: string[]; features?: string[] }[];
  wallet_uri_base?: string;
  sign_in_result?: { address: string; signed_message: string; signature: string };
}

export interface SignAndSendOptions {
  min_context_slot?: number;
  commitment?: string;
  skip_preflight?: boolean;
  max_retries?: number;
}

/** The wallet, during one session. Payloads, addresses and signatures travel base64. */
export interface MwaWallet {
  /** `authorize` (with `auth_token`: a reauthorization; with `sign_in_payload`: sign-in too). */
  authorize(params: AuthorizeParams): Promise<AuthorizationResult>;
  /** `deauthorize`: the wallet forgets the token. */
  deauthorize(params: { auth_token: string }): Promise<unknown>;
  /** `clone_authorization` (optional feature solana:cloneAuthorization). */
  cloneAuthorization(params: { auth_token: string }): Promise<{ auth_token: string }>;
  /** `get_capabilities`: limits, transaction versions, features. */
  getCapabilities(): Promise<Record<string, unknown>>;
  /** `sign_messages`: each signed payload is the message ‖ its 64-byte signature. */
  signMessages(params: { addresses: string[]; payloads: string[] }): Promise<{ signed_payloads: string[] }>;
  /** `sign_transactions`: the transactions signed. */
  signTransactions(params: { payloads: string[] }): Promise<{ signed_payloads: string[] }>;
  /** `sign_and_send_transactions`: the wallet signs and submits; their signatures. */
  signAndSendTransactions(params: { payloads: string[]; options?: SignAndSendOptions }): Promise<{ signatures: string[] }>;
}

export type RpcRequest = (method: string, params: Record<string, unknown>) => Promise<unknown>;

const LEGACY_CLUSTERS: Record<string, string> = { "solana:mainnet": "mainnet-beta", "solana:testnet": "testnet", "solana:devnet": "devnet" };

const base64ToBase58 = (text: string) => getBase58Decoder().decode(getBase64Encoder().encode(text));

/** The wallet's methods over `request`. */
export function createWalletApi(version: MwaProtocolVersion, request: RpcRequest): MwaWallet {
  const call = <T>(method: string, params: object = {}) => request(method, params as Record<string, unknown>) as Promise<T>;
  return {
    async authorize(params) {
      const result =
        version === "legacy"
          ? params.auth_token
            ? await call<AuthorizationResult>("reauthorize", { auth_token: params.auth_token, identity: params.identity })
            : await call<AuthorizationResult>("authorize", { identity: params.identity, cluster: LEGACY_CLUSTERS[params.chain] ?? params.chain })
          : await call<AuthorizationResult>("authorize", params);
      if (params.sign_in_payload && !result.sign_in_result) result.sign_in_result = await signInWithMessage(call, params.sign_in_payload, result);
      return result;
    },
    deauthorize: (params) => call("deauthorize", params),
    cloneAuthorization: (params) => call("clone_authorization", params),
    async getCapabilities() {
      const answer = await call<Record<string, unknown>>("get_capabilities");
      // A legacy wallet says what it supports with booleans; v1 lists features.
      if (version === "legacy") return { ...answer, features: ["solana:signTransactions", ...(answer.supports_clone_authorization === true ? ["solana:cloneAuthorization"] : [])] };
      return answer;
    },
    signMessages: (params) => call("sign_messages", params),
    signTransactions: (params) => call("sign_transactions", params),
    signAndSendTransactions: (params) => call("sign_and_send_transactions", params),
  };
}

/** A wallet that authorized without signing in: the sign-in message signed with sign_messages. */
async function signInWithMessage(call: <T>(method: string, params?: object) => Promise<T>, payload: SignInPayload, authorization: AuthorizationResult) {
  const address = authorization.accounts[0]?.address;
  if (!address) throw new TypeError("The wallet authorized no account to sign in with.");
  const text = createSignInMessageText({ ...payload, domain: payload.domain ?? window.location.host, address: base64ToBase58(address) });
  const message = toBase64(new TextEncoder().encode(text));
  const { signed_payloads } = await call<{ signed_payloads: string[] }>("sign_messages", { addresses: [address], payloads: [message] });
  const signed = fromBase64(signed_payloads[0] ?? "");
  if (signed.length < 64) throw new TypeError("The wallet's signed sign-in message has no signature.");
  const signedMessage = signed.slice(0, -64);
  return { address, signed_message: signedMessage.length ? toBase64(signedMessage) : message, signature: toBase64(signed.slice(-64)) };
}
