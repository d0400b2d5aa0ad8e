// One state: the Latch session decides whether wagmi is connected through the Latch connector.
import { connect, disconnect, getAccount, reconnect, type Config } from "@wagmi/core";
import type { Kit } from "latch-kit";
import { LATCH_CONNECTOR_TYPE } from "./connector";

/**
 * Connects wagmi through the Latch connector when an embedded user signs in to Latch (and at once
 * if one already is, e.g. after a reload), and disconnects it when they sign out. Returns a function that
 * stops following.
 *
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [latchConnector({ kit })], transports: { [mainnet.id]: http() } });
 * const stop = syncLatchToWagmi(config, kit);
 */
export function syncLatchToWagmi(config: Config, kit: Kit): () => void {
  const connector = config.connectors.find((c) => c.type === LATCH_CONNECTOR_TYPE);
  if (!connector) throw new Error("The wagmi config has no Latch connector: add latchConnector({ kit }) to its connectors");
  const follow = async () => {
    const account = getAccount(config);
    // An external wallet user ('eoa') is already wagmi's own connection when the evm plugin shares the config.
    if (kit.getUser()?.type === "sca") {
      if (account.connector?.uid === connector.uid && account.isConnected) return;
      await connect(config, { connector });
    } else if (account.connector?.uid === connector.uid) {
      await disconnect(config, { connector });
    }
  };
  const report = (error: unknown) => console.warn("[latch] wagmi could not follow the Latch session", error);
  const stops = [
    kit.events.on("connected", () => void follow().catch(report)),
    kit.events.on("disconnected", () => void follow().catch(report)),
  ];
  void (kit.getUser()?.type === "sca" ? reconnect(config, { connectors: [connector] }).then(follow) : Promise.resolve()).catch(report);
  return () => stops.forEach((stop) => stop());
}
