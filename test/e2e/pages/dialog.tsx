// A small app page for the dialog's browser tests: a third-party plugin's section and steps.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createKit, type ThemeMode } from "latch-kit";
import { LatchProvider, useAuthModal, useTheme } from "latch-kit/react";
import { quizPlugin } from "../../fixtures/quiz-plugin";

const params = new URLSearchParams(location.search);
const kit = createKit({
  plugins: [quizPlugin],
  ui: {
    theme: (params.get("theme") as ThemeMode | null) ?? "light",
    auth: { sections: [[{ type: "quiz" }], [{ type: "quiz", label: "Another question" }]] },
  },
});

function App() {
  const { openAuthModal, isOpen } = useAuthModal();
  const { resolved } = useTheme();
  return (
    <main style={{ padding: 24 }}>
      <h1>Dialog test page</h1>
      <button type="button" onClick={openAuthModal}>
        Open sign-in
      </button>
      <p data-testid="state">{isOpen ? "open" : "closed"}</p>
      <p data-testid="theme">{resolved}</p>
      <a href="#after">A link after the opener</a>
    </main>
  );
}

const app = (
  <LatchProvider kit={kit}>
    <App />
  </LatchProvider>
);
// ?strict: under React's strict mode (effects run twice), as in an app's development build.
createRoot(document.getElementById("root")!).render(params.has("strict") ? <StrictMode>{app}</StrictMode> : app);
(window as unknown as { __kit: typeof kit }).__kit = kit;
