// The kit's declarations against @wagmi/core 2, every library file checked (skipLibCheck false):
// latch-kit/wagmi and the evm plugin, with a wagmi 2 config.
import { createConfig, http, type Config } from "@wagmi/core";
import { mainnet } from "@wagmi/core/chains";
import { createKit } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { evm } from "latch-kit/plugins/evm";
import { latchConnector, syncLatchToWagmi, type LatchConnectorOptions } from "latch-kit/wagmi";

export function wire(signerUrl: string): () => void {
  const kit = createKit({ plugins: [emailOtp(), evm({ wagmiConfig: () => config })], signer: { url: signerUrl } });
  const options: LatchConnectorOptions = { kit, account: "owner" };
  const config: Config = createConfig({ chains: [mainnet], connectors: [latchConnector(options)], transports: { [mainnet.id]: http() } });
  return syncLatchToWagmi(config, kit);
}
