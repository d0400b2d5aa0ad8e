// Type-checked, not bundled: every entry of the package used as the README shows, in a strict app with
// skipLibCheck false. A public type that does not resolve in the published .d.ts fails here.
import { createKit, ConfigError, type KitConfig, type User } from "latch-kit";
import { devnetChain } from "latch-kit/chain";
import { LatchProvider, AuthCard, useAuthenticate, useUser, useSignerStatus, useLogout, useSignMessage, useSignTypedData, Button } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey, useAddPasskey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { jwt, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";
import { evm, useWalletConnection } from "latch-kit/plugins/evm";
import { walletConnect } from "latch-kit/plugins/walletconnect";
import { smartAccounts, useSmartAccountClient } from "latch-kit/plugins/smart-accounts";
import { solana, useSolanaWallet } from "latch-kit/plugins/solana";
import { mobileWallet } from "latch-kit/plugins/mobile";
import { solanaEmbedded, useSolanaSigner } from "latch-kit/plugins/solana-embedded";
import { latchConnector, syncLatchToWagmi } from "latch-kit/wagmi";
import { createConfig, http, type Config } from "@wagmi/core";

const chain = devnetChain();

const config: KitConfig = {
  plugins: [
    emailOtp(),
    magicLink(),
    sms(),
    passkey(),
    oauth(),
    jwt(),
    evm({ chains: [chain] }),
    walletConnect({ projectId: "demo" }),
    smartAccounts({ chain }),
    solana(),
    mobileWallet(),
    solanaEmbedded(),
  ],
  signer: { url: "https://latch.example.com", storage: "session" },
  ui: { uiMode: "embedded", auth: { sections: [[{ type: "email" }], [{ type: "passkey" }, { type: "social", authProviderId: "google", mode: "popup" }]] } },
};
export const kit = createKit(config);

// One wagmi config for the app and Latch: external wallets through it, and the smart account as a wagmi account.
export const sharedKit = createKit({ plugins: [emailOtp(), smartAccounts({ chain }), evm({ wagmiConfig: () => wagmiConfig })] });
export const wagmiConfig: Config = createConfig({
  chains: [chain],
  connectors: [latchConnector({ kit: sharedKit, account: "LightAccount" })],
  transports: { [chain.id]: http() },
});
export const stopSync: () => void = syncLatchToWagmi(wagmiConfig, sharedKit);

// @ts-expect-error a mistyped key is refused by the type too
export const typo: KitConfig = { signer: { ulr: "https://latch.example.com" } };

export function EveryHook() {
  const user: User | null = useUser();
  const { status } = useSignerStatus();
  const { authenticate } = useAuthenticate();
  const { logout } = useLogout();
  const { signMessageAsync } = useSignMessage();
  const { signTypedDataAsync } = useSignTypedData();
  const { addPasskey } = useAddPasskey();
  const { authenticateWithJwt } = useAuthenticateWithJwt();
  const connection = useWalletConnection();
  const { client } = useSmartAccountClient({});
  const solanaWallet = useSolanaWallet();
  const solanaSigner = useSolanaSigner();
  const onEmail = () => authenticate({ type: "email", email: "ada@example.com" });
  const onCode = () => authenticate({ type: "otp", otpCode: "123456" });
  const onSms = () => authenticate({ type: "sms", phone: "+15555550123" });
  const onPasskey = () => authenticate({ type: "passkey", createNew: false });
  // @ts-expect-error a payload no plugin registered
  const onUnknown = () => authenticate({ type: "carrier-pigeon" });
  const onSign = () => signMessageAsync({ message: "hello" }).then((signature: `0x${string}`) => signature);
  const onTyped = () =>
    signTypedDataAsync({ domain: { name: "Latch" }, types: { Mail: [{ name: "body", type: "string" }] }, primaryType: "Mail", message: { body: "hi" } });
  void [user, status, logout, addPasskey, authenticateWithJwt, connection, client, solanaWallet, solanaSigner, onEmail, onCode, onSms, onPasskey, onUnknown, onSign, onTyped];
  return <Button onPress={() => void 0}>{String(user?.address ?? status)}</Button>;
}

export const Embedded = () => (
  <LatchProvider kit={kit}>
    <AuthCard />
    <EveryHook />
  </LatchProvider>
);

export const isConfigError = (error: unknown): error is ConfigError => error instanceof ConfigError;
