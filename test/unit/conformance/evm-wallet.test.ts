import { afterEach, describe, expect, it, vi } from "vitest";
import { createConnector, watchBlockNumber } from "@wagmi/core";
import { custom, defineChain, type Address } from "viem";
import { createKit, definePlugin } from "latch-kit";
import { evm, getWalletConnection, switchChain } from "latch-kit/plugins/evm";
import { EVM_CONNECTOR, type WalletEntry } from "../../../lib/wallets/index";
import { getEvmWallet } from "../../../plugins/evm/source";
import { fakeEip6963Wallet } from "../wallets/fake-eip6963";

// Spec conformance rows about EVM wallets (test/CONFORMANCE.md): wagmi driven with the kit's config,
// against fake wallets; timers observed with fake timers.
const address: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const home = defineChain({ id: 31337, name: "Home", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:1"] } } });
const other = defineChain({ id: 4242, name: "Other", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:2"] } } });
let n = 0;

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A connector that connects but has no switchChain (a wallet that cannot be asked to switch). */
const bareConnector = createConnector(() => ({
  id: "bare",
  name: "Bare Wallet",
  type: "bare",
  async connect() {
    return { accounts: [address], chainId: home.id } as never;
  },
  async disconnect() {},
  async getAccounts() {
    return [address];
  },
  async getChainId() {
    return home.id;
  },
  async getProvider() {
    return {};
  },
  async isAuthorized() {
    return false;
  },
  onAccountsChanged() {},
  onChainChanged() {},
  onDisconnect() {},
}));

describe("§8 chain switching", () => {
  it("§8 library error class: a wallet that 'does not support programmatic chain switching'", async () => {
    const bare = definePlugin({ id: "bare-wallet", setup: (kit) => void kit.container.add(EVM_CONNECTOR, bareConnector) });
    const kit = createKit({ plugins: [evm({ chains: [home, other] }), bare] });
    await kit.start();
    await getEvmWallet(kit).connectOnce({ id: "bare", name: "Bare Wallet", source: "evm", chain: "evm", key: "evm:bare" } as WalletEntry);
    expect(getWalletConnection(kit).status).toBe("connected");
    await expect(switchChain(kit, { chainId: other.id })).rejects.toMatchObject({
      name: "SwitchChainNotSupportedError",
      message: "Bare Wallet does not support programmatic chain switching",
    });
  });
});

describe("giving up (AbortSignal)", () => {
  it("switchChain: a wallet that never answers the switch is given up on at once with an AbortError", async () => {
    const hanging = createConnector((config) => ({ ...(bareConnector as unknown as (c: typeof config) => ReturnType<typeof bareConnector>)(config), id: "hanging", name: "Hanging Wallet", switchChain: () => new Promise<never>(() => undefined) }));
    const plugin = definePlugin({ id: "hanging-wallet", setup: (kit) => void kit.container.add(EVM_CONNECTOR, hanging) });
    const kit = createKit({ plugins: [evm({ chains: [home, other] }), plugin] });
    await kit.start();
    await getEvmWallet(kit).connectOnce({ id: "hanging", name: "Hanging Wallet", source: "evm", chain: "evm", key: "evm:hanging" } as WalletEntry);
    const controller = new AbortController();
    const switching = switchChain(kit, { chainId: other.id, signal: controller.signal });
    controller.abort();
    await expect(switching).rejects.toMatchObject({ name: "AbortError" });
    await expect(switchChain(kit, { chainId: other.id, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("§9 wallet timers", () => {
  it("§9 wallet polling interval 1 s: the kit's wagmi config polls the chain every 1000 ms", async () => {
    const polls: number[] = [];
    let block = 1;
    const transport = custom({
      async request({ method }: { method: string }) {
        if (method !== "eth_blockNumber") throw new Error(`unexpected ${method}`);
        polls.push(Date.now());
        return `0x${(block++).toString(16)}`;
      },
    });
    vi.useFakeTimers({ now: 0 });
    const kit = createKit({ plugins: [evm({ chains: [home], transports: { [home.id]: transport } })] });
    const config = getEvmWallet(kit).config()!;
    const stop = watchBlockNumber(config, { chainId: home.id, poll: true, onBlockNumber: () => undefined });
    await vi.advanceTimersByTimeAsync(3500);
    stop();
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    expect(new Set(gaps)).toEqual(new Set([1000]));
  });

  it("§9 revoke-permissions timeout 100 ms: a wallet that never answers wallet_revokePermissions does not hold up logout", async () => {
    n++;
    const wallet = fakeEip6963Wallet({ name: `Silent Wallet ${n}`, rdns: `org.example.silent${n}`, address, chainId: home.id });
    const answer = wallet.provider.request.bind(wallet.provider);
    let askedAt: number | undefined;
    wallet.provider.request = (args) => {
      if (args.method !== "wallet_revokePermissions") return answer(args);
      askedAt = Date.now();
      return new Promise(() => {});
    };
    const kit = createKit({ plugins: [evm({ chains: [home] })] });
    await kit.start();
    wallet.announce();
    const entry = { id: `org.example.silent${n}`, name: `Silent Wallet ${n}`, source: "evm", chain: "evm", key: "k" } as WalletEntry;
    await getEvmWallet(kit).connectOnce(entry);
    vi.useFakeTimers({ now: 0 });
    let doneAt: number | undefined;
    void kit.disconnect().then(() => (doneAt = Date.now()));
    for (let ms = 0; ms < 1000 && doneAt === undefined; ms++) await vi.advanceTimersByTimeAsync(1);
    expect(askedAt).toBeDefined();
    expect(doneAt! - askedAt!).toBe(100);
    expect(kit.getUser()).toBeNull();
  });
});
