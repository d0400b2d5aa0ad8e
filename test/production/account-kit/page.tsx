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

const userOf = (user: { address: string; email?: string; orgId: string }) => ({ address: user.address, email: user.email, orgId: user.orgId });

let signer: AlchemyWebSigner | undefined;
let pendingSignIn: Promise<Outcome<ReturnType<typeof userOf>>> | undefined;
/** The signer's statuses as it reported them, in order. */
const statuses: string[] = [];

const container = document.createElement("div");
container.id = "turnkey-iframe-container";
const exportContainer = document.createElement("div");
exportContainer.id = "turnkey-export-container";
document.body.append(container, exportContainer);

const the = () => {
  if (!signer) throw new Error("call init first");
  return signer;
};

const accountKit = {
  statuses,
  /** The signer as the guide configures it: the server's URL as rpcUrl, the app's API key as the Bearer credential (`jwt`). */
  init(rpcUrl: string, apiKey: string): void {
    signer = new AlchemyWebSigner({ client: { connection: { rpcUrl, jwt: apiKey }, iframeConfig: { iframeContainerId: container.id } } });
    signer.on("statusChanged", (status) => statuses.push(status));
  },
  /** Starts an email-code sign-in (or sign-up); it settles once the code is submitted (see submitCode). */
  startEmail(email: string): void {
    pendingSignIn = settle(the().authenticate({ type: "email", emailMode: "otp", email }).then(userOf));
  },
  /** Submits the emailed code; with a second factor the signer then waits for it (validateMultiFactors). */
  async submitCode(code: string) {
    // With a second factor the SDK's authenticate waits for it to be validated: the status tells first.
    const awaitingMfa = new Promise<Outcome<{ awaitingMfa: true }>>((resolve) => {
      const off = the().on("statusChanged", (status) => {
        if (status !== "AWAITING_MFA_AUTH") return;
        off();
        resolve({ ok: true, value: { awaitingMfa: true } });
      });
    });
    const submitted = settle(the().authenticate({ type: "otp", otpCode: code }));
    const first = await Promise.race([submitted, awaitingMfa]);
    if (!first.ok || "awaitingMfa" in first.value) return first;
    return pendingSignIn!;
  },
  validateMultiFactors: (multiFactorCode: string) => settle(the().validateMultiFactors({ multiFactorCode }).then(userOf)),
  passkeySignUp: (username: string) => settle(the().authenticate({ type: "passkey", createNew: true, username }).then(userOf)),
  passkeySignIn: () => settle(the().authenticate({ type: "passkey", createNew: false }).then(userOf)),
  authDetails: () => settle(the().getAuthDetails().then(userOf)),
  signMessage: (message: string) => settle(the().signMessage(message)),
  signTypedData: (typedData: Parameters<AlchemyWebSigner["signTypedData"]>[0]) => settle(the().signTypedData(typedData)),
  addPasskey: () => settle(the().addPasskey()),
  passkeyStatus: () => settle(the().getPasskeyStatus()),
  listAuthMethods: () => settle(the().listAuthMethods()),
  addMfa: () => settle(the().addMfa({ multiFactorType: "totp" })),
  verifyMfa: (multiFactorId: string, multiFactorCode: string) => settle(the().verifyMfa({ multiFactorId, multiFactorCode })),
  mfaFactors: () => settle(the().getMfaFactors()),
  // Each export mounts its own export frame (the SDK refuses a second one beside a shown phrase), as an app's export screen would.
  exportWallet: () => {
    exportContainer.replaceChildren();
    return settle(the().exportWallet({ iframeContainerId: exportContainer.id }));
  },
  logout: () => settle(the().disconnect()),
};

Object.assign(window, { accountKit });
