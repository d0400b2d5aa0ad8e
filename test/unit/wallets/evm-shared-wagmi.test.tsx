// evm({ wagmiConfig }): the app's wagmi config is the one connection. A wallet the app connects with
// wagmi is the Latch user; a wallet chosen in the Latch dialog is wagmi's account; sign-out on either
// side ends both.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { connect, createConfig, createStorage, disconnect, getAccount, http, mock, type Config } from "@wagmi/core";
import { defineChain } from "viem";
import { createKit, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { evm, getWalletConnection } from "latch-kit/plugins/evm";
import { latchConnector, syncLatchToWagmi } from "latch-kit/wagmi";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const home = defineChain({ id: 31337, name: "Home", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:1"] } } });

afterEach(() => localStorage.clear());

let n = 0;
function appWagmiConfig(options: { connected?: boolean; withLatch?: Kit } = {}): Config {
  n++;
  return createConfig({
    chains: [home],
    connectors: [
      mock({ accounts: [address], features: { reconnect: true, defaultConnected: options.connected ?? false } }),
      ...(options.withLatch ? [latchConnector({ kit: options.withLatch })] : []),
    ],
    transports: { [home.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ key: `app${n}`, storage: localStorage }),
  });
}

async function start(wagmiConfig: Config | (() => Config)) {
  const kit = createKit({ plugins: [evm({ wagmiConfig })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
  render(<LatchProvider kit={kit} />);
  await act(() => kit.start());
  return kit;
}

const mockConnector = (config: Config) => config.connectors.find((c) => c.type === "mock")!;

describe("evm plugin on the app's wagmi config", () => {
  it("takes its chains from the wagmi config", async () => {
    const config = appWagmiConfig();
    const kit = await start(config);
    expect(getWalletConnection(kit).status).toBe("disconnected");
    // Nothing of its own: the dialog lists the app's connectors.
    act(() => kit.openModal());
    fireEvent.click(screen.getByRole("button", { name: "Continue with a wallet" }));
    expect(await screen.findByRole("button", { name: "Connect with Mock Connector" })).toBeTruthy();
  });

  it("a wallet the app connects with wagmi is the Latch user, and disconnecting it in wagmi signs them out", async () => {
    const config = appWagmiConfig();
    const kit = await start(config);
    expect(kit.getUser()).toBeNull();
    await act(() => connect(config, { connector: mockConnector(config) }));
    expect(kit.getUser()).toEqual({ type: "eoa", address, orgId: address, userId: address });
    expect(kit.getStatus()).toBe("CONNECTED");
    expect(getWalletConnection(kit)).toMatchObject({ status: "connected", address, chainId: home.id });

    await act(() => disconnect(config));
    expect(kit.getUser()).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("a wallet chosen in the Latch dialog is wagmi's connected account (one connect), and Latch's logout disconnects wagmi", async () => {
    const config = appWagmiConfig();
    const kit = await start(config);
    const connects = vi.spyOn(mockConnector(config), "connect");
    act(() => kit.openModal());
    fireEvent.click(screen.getByRole("button", { name: "Continue with a wallet" }));
    fireEvent.click(await screen.findByRole("button", { name: "Connect with Mock Connector" }));
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));

    expect(getAccount(config)).toMatchObject({ status: "connected", address, chainId: home.id, connector: { type: "mock" } });
    expect(kit.getUser()?.address).toBe(address);
    expect(connects).toHaveBeenCalledTimes(1);

    await act(() => kit.disconnect());
    expect(kit.getUser()).toBeNull();
    expect(getAccount(config).status).toBe("disconnected");
  });

  it("on load, the wallet wagmi remembers is reconnected once and becomes the Latch user", async () => {
    const config = appWagmiConfig({ connected: true });
    await connect(config, { connector: mockConnector(config) });
    // A reload: a new wagmi config on the same storage, a new kit.
    const reloaded = createConfig({
      chains: [home],
      connectors: [mock({ accounts: [address], features: { reconnect: true, defaultConnected: true } })],
      transports: { [home.id]: http() },
      multiInjectedProviderDiscovery: false,
      storage: createStorage({ key: `app${n}`, storage: localStorage }),
    });
    const kit = await start(reloaded);
    expect(getAccount(reloaded)).toMatchObject({ status: "connected", address });
    expect(kit.getUser()).toEqual({ type: "eoa", address, orgId: address, userId: address });
    expect(kit.getStatus()).toBe("CONNECTED");
  });

  it("takes the config lazily (it may hold latchConnector({ kit })) and does not list that connector as a wallet", async () => {
    // The function runs on first client-side use, after both exist.
    const kit: Kit = createKit({ plugins: [evm({ wagmiConfig: () => config })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
    const config = appWagmiConfig({ withLatch: kit });
    render(<LatchProvider kit={kit} />);
    await act(() => kit.start());
    act(() => kit.openModal());
    fireEvent.click(screen.getByRole("button", { name: "Continue with a wallet" }));
    await screen.findByRole("button", { name: "Connect with Mock Connector" });
    expect(screen.queryByRole("button", { name: "Connect with Latch" })).toBeNull();
  });

  it("with syncLatchToWagmi on the same config, a wallet user stays wagmi's wallet connection (the Latch connector follows embedded users only)", async () => {
    const kit: Kit = createKit({ plugins: [evm({ wagmiConfig: () => config })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
    const config = appWagmiConfig({ withLatch: kit });
    const stop = syncLatchToWagmi(config, kit);
    render(<LatchProvider kit={kit} />);
    await act(() => kit.start());
    await act(() => connect(config, { connector: mockConnector(config) }));
    expect(kit.getUser()).toMatchObject({ type: "eoa", address });
    // The 'connected' event ran syncLatchToWagmi's follow: give it its turn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(getAccount(config)).toMatchObject({ status: "connected", address, connector: { type: "mock" } });
    expect([...config.state.connections.values()].map((c) => c.connector.type)).toEqual(["mock"]);
    stop();
  });
});
