import { atom } from "jotai/vanilla";
import { createClient, type Chain } from "viem";
import { defineService, getEmbeddedSigner, signMessageWith, signTypedDataWith, toError, type Kit, type User } from "latch-kit";
import {
  createSmartAccountClient,
  latchTransport,
  providerRpcUrl,
  toSmartAccountOfType,
  type AccountParams,
  type AccountType,
  type FeeOptions,
  type LatchTransportConfig,
  type Owner,
  type PolicyToken,
  type RetrySettings,
  type SmartAccountClient,
} from "latch-kit/chain";

/** Options of {@link smartAccounts}: the chain, connection, account types, sponsorship, fees and retries. */
export interface SmartAccountsConfig {
  chain: Chain;
  /** Provider connection (rpcUrl, apiKey or jwt) and endpoints; defaults come from the chain. */
  connection?: LatchTransportConfig;
  /** The account types to set up on connect (default LightAccount). */
  accountTypes?: AccountType[];
  accountParams?: Partial<Record<AccountType, AccountParams>>;
  policyId?: string;
  policyToken?: PolicyToken;
  feeOptions?: FeeOptions;
  retry?: Partial<RetrySettings>;
}

/** The user's smart account client of each configured type. */
export type SmartAccountClients = Partial<Record<AccountType, SmartAccountClient>>;

/** The embedded signer as the owner of the user's smart accounts. */
export function embeddedOwner(kit: Kit, user: User): Owner {
  const signer = getEmbeddedSigner(kit);
  return {
    address: user.address,
    signMessage: ({ message }) => signMessageWith(signer, message),
    signTypedData: (typedData) => signTypedDataWith(signer, typedData as never),
    signRawHash: (hash) => signer.signRawPayload({ payload: hash }),
  };
}

/**
 * Per kit: the smart-account clients of the signed-in user, set up on connect for the configured
 * types and cleared on disconnect.
 */
export class SmartAccounts {
  readonly clientsAtom = atom<SmartAccountClients | null>(null);
  readonly errorAtom = atom<Error | null>(null);
  private generation = 0;

  constructor(
    private readonly kit: Kit,
    readonly config: SmartAccountsConfig,
  ) {}

  get types(): AccountType[] {
    return this.config.accountTypes?.length ? this.config.accountTypes : ["LightAccount"];
  }

  /** A client for the signed-in user's account of a type, with these account parameters. */
  async clientFor(user: User, type: AccountType, accountParams?: AccountParams): Promise<SmartAccountClient> {
    // Without a connection config, the chain's provider rpc url is the connection.
    const rpcUrl = providerRpcUrl(this.config.chain);
    const transport = latchTransport(this.config.connection ?? (rpcUrl ? { rpcUrl } : {}));
    const client = createClient({ chain: this.config.chain, transport });
    const account = await toSmartAccountOfType(type, {
      client,
      owner: embeddedOwner(this.kit, user),
      ...(accountParams ?? this.config.accountParams?.[type]),
    });
    return createSmartAccountClient({
      account,
      ...(this.config.policyId ? { policyId: this.config.policyId } : {}),
      ...(this.config.policyToken ? { policyToken: this.config.policyToken } : {}),
      ...(this.config.feeOptions ? { feeOptions: this.config.feeOptions } : {}),
      ...(this.config.retry ? { retry: this.config.retry } : {}),
    });
  }

  async connect(user: User): Promise<void> {
    if (user.type !== "sca") return;
    const generation = ++this.generation;
    try {
      const entries = await Promise.all(this.types.map(async (type) => [type, await this.clientFor(user, type)] as const));
      if (generation !== this.generation) return;
      this.kit.store.set(this.clientsAtom, Object.fromEntries(entries));
      this.kit.store.set(this.errorAtom, null);
    } catch (error) {
      if (generation !== this.generation) return;
      console.error("[latch] setting up the smart accounts failed", error);
      this.kit.store.set(this.errorAtom, toError(error));
    }
  }

  clear(): void {
    this.generation++;
    this.kit.store.set(this.clientsAtom, null);
    this.kit.store.set(this.errorAtom, null);
  }
}

const smartAccounts = defineService<SmartAccounts>("SmartAccounts", {
  missing: "Smart accounts are not configured: add smartAccounts({ chain }) to the kit's plugins",
});

export const registerSmartAccounts = (kit: Kit, config: SmartAccountsConfig): SmartAccounts =>
  smartAccounts.provide(kit, () => new SmartAccounts(kit, config));

/** The kit's smart accounts service (the user's clients and their set-up error). */
export const getSmartAccounts = (kit: Kit): SmartAccounts => smartAccounts.of(kit);
