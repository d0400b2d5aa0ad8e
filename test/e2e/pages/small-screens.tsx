// Every auth step and every modal of the kit, drawn on demand so a test can measure them on small
// screens. The backend calls are fakes: this page checks sizes, not behaviour.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { defineChain } from "viem";
import { createKit, defineAuthenticator, definePlugin, TOKENS, type IllustrationStyle, type ThemeMode } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { evm } from "latch-kit/plugins/evm";
import { PairingModal } from "../../../plugins/walletconnect/PairingModal";
import { WalletNotFoundModal } from "../../../lib/wallets/WalletNotFoundModal";
import { KitModal } from "../../../lib/wallets/index";
import { quizPlugin } from "../../fixtures/quiz-plugin";

const fakeBackend = definePlugin({
  id: "fake-backend",
  start: (kit) => kit.setStatus("DISCONNECTED"),
  authenticators: [defineAuthenticator("email", async () => ({ orgId: "o" }))],
});

const params = new URLSearchParams(location.search);
// A chain on a loopback port nothing answers: nothing leaves the machine.
const local = defineChain({ id: 31337, name: "Latch Local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:9"] } } });
const kit = createKit({
  plugins: [emailOtp(), magicLink(), sms(), passkey(), oauth(), evm({ chains: [local] }), quizPlugin, fakeBackend],
  signer: { emailMode: "otp" },
  ui: {
    theme: (params.get("theme") as ThemeMode | null) ?? "light",
    illustrationStyle: (params.get("illustrationStyle") as IllustrationStyle | null) ?? "outline",
    supportUrl: "http://localhost/support",
    auth: {
      header: "Welcome to a rather long application name",
      sections: [
        [{ type: "email" }],
        [{ type: "sms" }, { type: "passkey" }],
        [
          { type: "social", authProviderId: "google", mode: "redirect" },
          { type: "social", authProviderId: "apple", mode: "redirect" },
          { type: "social", authProviderId: "facebook", mode: "redirect" },
          { type: "social", authProviderId: "auth0", isCustomProvider: true, displayName: "Acme SSO", logoUrl: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", mode: "popup" },
        ],
        [{ type: "external_wallets", wallets: ["MetaMask", "Coinbase Wallet", "Rainbow"] }],
        [{ type: "quiz" }],
      ],
    },
  },
});

type ModalName = "pairing" | "wallet-not-found" | "long-text" | null;
let show: (name: ModalName) => void = () => undefined;

function Modals() {
  const [open, setOpen] = useState<ModalName>(null);
  show = setOpen;
  const close = () => setOpen(null);
  return (
    <>
      <PairingModal uri={open === "pairing" ? `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"b".repeat(64)}` : null} onCancel={close} />
      <WalletNotFoundModal isOpen={open === "wallet-not-found"} onClose={close} findWalletUrl="http://localhost/wallets" />
      <KitModal title="Something long enough to wrap on a narrow phone screen" isOpen={open === "long-text"} onClose={close}>
        <p>{"A wallet error whose message names an address 0x52908400098527886E0F7030069857D2E4169EE7 without spaces."}</p>
      </KitModal>
    </>
  );
}

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <main>
      <h1>Small screens</h1>
      <Modals />
    </main>
  </LatchProvider>,
);

Object.assign(window, {
  __kit: kit,
  __stepTypes: () => [...new Set(kit.container.all(TOKENS.Step).map((s) => s.type))],
  __showModal: (name: ModalName) => show(name),
});
