// One state: the Latch session decides whether wagmi is connected through the Latch connector.
import { connect, disconnect, getAccount, type Config } from "@wagmi/core";
import type { Kit } from "latch-kit";
import { DISCONNECTED_KEY, LATCH_CONNECTOR_TYPE } from "./connector";

/**
 * Connects wagmi through the Latch connector when an embedded user signs in to Latch (and at once
 * if one already is, e.g. after a reload, unless wagmi's `disconnect()` was the user's last word on
 * it: that sticks until they connect again), and disconnects it when they sign out. Returns a function that
 * stops following.
 *
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [latchConnector({ kit })], transports: { [mainnet.id]: http() } });
 * const stop = syncLatchToWagmi(config, kit);
 */
export function syncLatchToWagmi(config: Config, kit: Kit): () => void {
  const connector = config.connectors.find((c) => c.type === LATCH_CONNECTOR_TYPE);
  if (!connector) throw new Error("The wagmi config has no Latch connector: add latchConnector({ kit }) to its connectors");
  /** `restored`: a session that came back after a reload, not a sign-in; wagmi's own choice then stands (a disconnect sticks). */
  const follow = async (restored: boolean) => {
    const account = getAccount(config);
    // An external wallet user ('eoa') is already wagmi's own connection when the evm plugin shares the config.
    if (kit.getUser()?.type === "sca") {
      if (account.connector?.uid === connector.uid && account.isConnected) return;
      if (restored && (await config.storage?.getItem(DISCONNECTED_KEY))) return;
      await connect(config, { connector });
    } else if (account.connector?.uid === connector.uid) {
      await disconnect(config, { connector });
    }
  };
  const report = (error: unknown) => console.warn("[latch] wagmi could not follow the Latch session", error);
  const stops = [
    // A restored session connects while the kit is still initializing; a sign-in when it is not.
    kit.events.on("connected", () => void follow(kit.getStatus() === "INITIALIZING").catch(report)),
    kit.events.on("disconnected", () => void follow(false).catch(report)),
  ];
  if (kit.getUser()?.type === "sca") void follow(true).catch(report);
  return () => stops.forEach((stop) => stop());
}
