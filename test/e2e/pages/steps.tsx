// Every auth step of every installed plugin, drawn on demand for the accessibility scan.
// The backend calls are fakes: this page checks what the steps look like, not what they do.
import { createRoot } from "react-dom/client";
import { createKit, defineAuthenticator, definePlugin, TOKENS, type ThemeMode } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { quizPlugin } from "../../fixtures/quiz-plugin";

const fakeBackend = definePlugin({
  id: "fake-backend",
  start: (kit) => kit.setStatus("DISCONNECTED"),
  authenticators: [defineAuthenticator("email", async () => ({ orgId: "o" }))],
});

const params = new URLSearchParams(location.search);
const kit = createKit({
  plugins: [emailOtp(), magicLink(), sms(), passkey(), oauth(), quizPlugin, fakeBackend],
  signer: { emailMode: "otp" },
  ui: {
    theme: (params.get("theme") as ThemeMode | null) ?? "light",
    supportUrl: "http://localhost/support",
    auth: { sections: [[{ type: "email" }], [{ type: "sms" }, { type: "passkey" }], [{ type: "social", authProviderId: "google", mode: "redirect" }, { type: "social", authProviderId: "auth0", isCustomProvider: true, displayName: "Acme SSO", logoUrl: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", mode: "popup" }], [{ type: "quiz" }]] },
  },
});

createRoot(document.getElementById("root")!).render(
  <LatchProvider kit={kit}>
    <main>
      <h1>Steps</h1>
    </main>
  </LatchProvider>,
);

Object.assign(window, {
  __kit: kit,
  __stepTypes: () => [...new Set(kit.container.all(TOKENS.Step).map((s) => s.type))],
});
