// The floor of the page-side timings (bench/pageTimings.ts): React alone drawing what the email-only app
// draws at each step — a dialog with an email field, six digit boxes, the address — with no kit, no
// network and no cryptography, bundled for production the same way.
import { useState } from "react";
import { createRoot } from "react-dom/client";

type Step = "closed" | "email" | "code" | "done";
const ADDRESS = "0x0000000000000000000000000000000000000001";

function App() {
  const [step, setStep] = useState<Step>("closed");
  const [digits, setDigits] = useState("");
  const type = (key: string) => {
    if (!/^\d$/.test(key)) return;
    const next = digits + key;
    setDigits(next);
    if (next.length === 6) setStep("done");
  };
  return (
    <main>
      <button type="button" onClick={() => setStep("email")}>
        Sign in
      </button>
      <p data-testid="user">{step === "done" ? ADDRESS : ""}</p>
      {step === "email" || step === "code" ? (
        <div role="dialog" aria-modal="true" aria-label="Sign in">
          {step === "email" ? (
            <form data-latch-step="initial" onSubmit={(event) => (event.preventDefault(), setStep("code"))}>
              <label>
                Email <input type="email" aria-label="Email" />
              </label>
              <button type="submit">Continue</button>
            </form>
          ) : (
            <div onKeyDown={(event) => type(event.key)}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <input key={i} aria-label={`Digit ${i + 1} of 6`} inputMode="numeric" readOnly value={digits[i] ?? ""} />
              ))}
            </div>
          )}
        </div>
      ) : null}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<App />);
