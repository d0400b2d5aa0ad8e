// A browser app on TypeScript 7, strict, skipLibCheck false, with no Node types installed and none of
// the kit's optional peers (wagmi, WalletConnect, Solana): every entry it imports must type-check from
// the package's own .d.ts and the packages it declares (viem, react), nothing more.
import { createKit, ConfigError, type AuthMethods, type KitConfig, type OperationAnswer, type RouteError, type RouteResponse, type User } from "latch-kit";
import { devnetChain } from "latch-kit/chain";
import { AuthCard, LatchProvider, useAuthModal, useAuthenticate, useLogout, useSignMessage, useSignTypedData, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey, useAddPasskey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { jwt, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";
import { mfa } from "latch-kit/plugins/mfa";
import { smartAccounts, useSmartAccountClient } from "latch-kit/plugins/smart-accounts";

const config: KitConfig = {
  plugins: [emailOtp(), magicLink(), sms(), passkey(), oauth(), jwt(), mfa(), smartAccounts({ chain: devnetChain() })],
  signer: { url: "https://latch.example.com", connection: { apiKey: "" } },
  ui: { auth: { sections: [[{ type: "email" }], [{ type: "passkey" }, { type: "social", authProviderId: "google", mode: "popup" }]] } },
};
export const kit = createKit(config);

// The wire's types, as an app that calls the backend itself reads them.
export type Whoami = RouteResponse<"whoami">;
export type OtpErrorCode = RouteError<"otp">["code"];
export type WalletOwner = OperationAnswer<"query/whoami">["userId"];
export const noMethods: AuthMethods = { oauthProviders: [], passkeys: [] };
export const isConfigError = (error: unknown): error is ConfigError => error instanceof ConfigError;

function Account() {
  const user: User | null = useUser();
  const { status } = useSignerStatus();
  const { openAuthModal } = useAuthModal();
  const { authenticate } = useAuthenticate();
  const { logout } = useLogout();
  const { signMessageAsync } = useSignMessage();
  const { signTypedDataAsync } = useSignTypedData();
  const { addPasskey } = useAddPasskey();
  const { authenticateWithJwt } = useAuthenticateWithJwt();
  const { client } = useSmartAccountClient({});
  const onEmail = () => authenticate({ type: "email", email: "ada@example.com" });
  const onSign = (): Promise<`0x${string}`> => signMessageAsync({ message: "hello" });
  const onTyped = () =>
    signTypedDataAsync({ domain: { name: "Latch" }, types: { Mail: [{ name: "body", type: "string" }] }, primaryType: "Mail", message: { body: "hi" } });
  void [logout, addPasskey, authenticateWithJwt, client, onEmail, onSign, onTyped];
  return (
    <button type="button" onClick={() => openAuthModal()}>
      {user?.address ?? status}
    </button>
  );
}

export function App() {
  return (
    <LatchProvider kit={kit}>
      <AuthCard />
      <Account />
    </LatchProvider>
  );
}
