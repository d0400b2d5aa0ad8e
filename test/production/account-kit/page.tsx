// The page an existing Account Kit app would be: `AlchemyWebSigner` from @account-kit/signer, its
// `connection.rpcUrl` pointed at a Latch server. The test drives it through `window.accountKit`.
import { AlchemyWebSigner } from "@account-kit/signer";
import { Buffer } from "buffer";

// Account Kit's passkey code uses Node's Buffer; its setup guide has apps provide it.
Object.assign(globalThis, { Buffer });

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const settle = <T,>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );

let signer: AlchemyWebSigner | undefined;
let emailSignIn: Promise<Outcome<{ address: string; email?: string; orgId: string }>> | undefined;

const container = document.createElement("div");
container.id = "turnkey-iframe-container";
document.body.append(container);

const accountKit = {
  /** Starts an email-code sign-in; it settles once the code is submitted (see submitCode). */
  startEmail(rpcUrl: string, apiKey: string, email: string): void {
    // The Bearer credential rides in `jwt`: with rpcUrl, Account Kit's schema allows jwt, not apiKey.
    signer = new AlchemyWebSigner({ client: { connection: { rpcUrl, jwt: apiKey }, iframeConfig: { iframeContainerId: container.id } } });
    emailSignIn = settle(signer.authenticate({ type: "email", emailMode: "otp", email }).then((user) => ({ address: user.address, email: user.email, orgId: user.orgId })));
  },
  async submitCode(code: string) {
    const submitted = await settle(signer!.authenticate({ type: "otp", otpCode: code }));
    if (!submitted.ok) return submitted;
    return emailSignIn!;
  },
  signMessage: (message: string) => settle(signer!.signMessage(message)),
  addPasskey: () => settle(signer!.addPasskey()),
  passkeyStatus: () => settle(signer!.getPasskeyStatus()),
};

Object.assign(window, { accountKit });
