// A third chain family is one plugin: it registers its chain type and a wallet source whose
// snapshot lists its rows; the wallet list takes them with no edit in lib/wallets.
import { describe, expect, it } from "vitest";
import { createKit, definePlugin, type Kit } from "latch-kit";
import { registerWalletSource, walletList, walletParts, walletSources, type WalletEntry, type WalletSource } from "../../../lib/wallets/index";
import { walletListInput } from "../../../lib/wallets/useWalletList";

declare module "latch-kit" {
  interface ChainTypeRegistry {
    cosmos: true;
  }
}

const keplr: WalletEntry = { key: "cosmos:cosmos:keplr", source: "cosmos", chain: "cosmos", id: "keplr", name: "Keplr" };

const cosmosWallets = () =>
  definePlugin({
    id: "cosmos-wallets",
    ...walletParts,
    setup: (kit: Kit) => {
      const snapshot = { kind: "entries" as const, entries: [keplr] };
      const source: WalletSource = {
        id: "cosmos",
        chain: "cosmos",
        snapshot: () => snapshot,
        subscribe: () => () => {},
        connect: () => {},
        cancel: () => {},
        disconnect: async () => {},
      };
      registerWalletSource(kit, source);
    },
  });

describe("a third chain family", () => {
  it("lists its wallets from its own source, features them when configured, and leaves them out when its chain is off", () => {
    const kit = createKit({ plugins: [cosmosWallets()] });
    const sources = walletSources(kit);
    expect(walletList(walletListInput(sources, { type: "external_wallets", chainType: ["evm", "svm", "cosmos"] })).all).toEqual([keplr]);
    const featured = walletList(walletListInput(sources, { type: "external_wallets", chainType: ["cosmos"], wallets: ["keplr"] }));
    expect(featured.configured).toEqual([keplr]);
    expect(walletList(walletListInput(sources, { type: "external_wallets", chainType: ["evm"] })).all).toEqual([]);
  });
});
