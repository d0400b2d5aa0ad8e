"use client";
import { useState, type ReactNode } from "react";
import { cookieStorage, createKit, type LatchInitialState } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";

// One kit per request on the server and one per page load in the browser: never a module-level kit.
export function Providers({ initialState, signerUrl, children }: { initialState: LatchInitialState; signerUrl: string; children: ReactNode }) {
  const [kit] = useState(() =>
    createKit({
      plugins: [emailOtp()],
      signer: { url: signerUrl, storage: cookieStorage({ initialState }) },
      ui: { uiMode: "embedded", auth: { sections: [[{ type: "email" }]] } },
    }),
  );
  return <LatchProvider kit={kit}>{children}</LatchProvider>;
}
