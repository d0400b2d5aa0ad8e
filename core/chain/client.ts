// A smart-account client: the account, where user operations go, and the kit's options for them (fee
// override options, retry settings, fee-sponsorship policy). Actions take it first: sendUserOperation(client, …).
import { type Chain, type Client, type PublicRpcSchema, type Transport, createClient, custom, rpcSchema } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import type { LatchSmartAccount } from "./accounts/types";
import { ChainNotSuppliedError } from "./errors";
import { type FeeOptions, validateFeeOptions } from "./fees/feeOptions";
import { type RetrySettings, resolveRetrySettings } from "./fees/retry";
import {
  type PolicyToken,
  type SponsorshipContext,
  sponsorshipContext,
  validateSponsorshipPolicy,
} from "./sponsorship";

/** Options of {@link createSmartAccountClient}: the account, and optional sponsorship policy, fee options and retries. */
export interface SmartAccountClientConfig {
  account: LatchSmartAccount;
  /**
   * Reaches the bundler and paymaster (latchTransport). Default: the account's own client, which is enough when
   * that client was made with latchTransport.
   */
  transport?: Transport;
  /** Sponsor every user operation under this policy. */
  policyId?: string;
  policyToken?: PolicyToken;
  feeOptions?: FeeOptions;
  retry?: Partial<RetrySettings>;
}

/** What the kit adds to the viem client: where user operations go, sponsorship, fee options, retries. */
export type SmartAccountClientExtension = {
  /** Sends bundler and paymaster methods (and node reads) through the provider transport. */
  bundler: Client<Transport, Chain>;
  sponsorship: SponsorshipContext | undefined;
  feeOptions: FeeOptions | undefined;
  retry: RetrySettings;
};

/**
 * A viem client for one smart account: `account` is the smart account, viem's actions read the chain
 * through it (`readContract(client, …)` from `viem/actions`, or `client.extend(publicActions)` for
 * Account Kit's `client.readContract(…)` shape — left to the app: viem's public actions weigh ≈ 69 KB
 * gzip), and the kit's actions (`sendUserOperation(client, …)`) send user operations with its
 * sponsorship, fee options and retries.
 */
export type SmartAccountClient = Client<
  Transport,
  Chain,
  LatchSmartAccount,
  PublicRpcSchema,
  SmartAccountClientExtension
>;

/** Validates the options (ChainConfigError naming the field) and fills the retry defaults. */
export function createSmartAccountClient(config: SmartAccountClientConfig): SmartAccountClient {
  const { account } = config;
  const chain = account.client.chain;
  if (!chain) throw new ChainNotSuppliedError();
  const bundler = config.transport
    ? createBundlerClient({ chain, transport: config.transport })
    : (account.client as Client<Transport, Chain>);
  const sponsorship =
    config.policyId === undefined
      ? undefined
      : sponsorshipContext(
          validateSponsorshipPolicy({
            policyId: config.policyId,
            ...(config.policyToken ? { policyToken: config.policyToken } : {}),
          }),
        );
  const extension: SmartAccountClientExtension = {
    bundler,
    sponsorship,
    feeOptions: config.feeOptions === undefined ? undefined : validateFeeOptions(config.feeOptions),
    retry: resolveRetrySettings(config.retry),
  };
  // Reads go where the bundler's node reads go: the given transport, else the account's own client.
  const transport = config.transport ?? custom({ request: (args) => bundler.request(args as never) });
  return createClient({
    account,
    chain,
    transport,
    name: "Latch Smart Account Client",
    key: "latchSmartAccount",
    pollingInterval: bundler.pollingInterval,
    rpcSchema: rpcSchema<PublicRpcSchema>(),
  }).extend(() => extension) as SmartAccountClient;
}
