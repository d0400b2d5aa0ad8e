// A server layout: it reads the Latch session cookie from the request and hands only that to the
// client providers, so the server renders the signed-in user.
import type { ReactNode } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { cookieToInitialState } from "latch-kit";
import { Providers } from "./providers";

// No favicon request (a 404 would be a console error in the test).
export const metadata: Metadata = { icons: { icon: "data:," } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState((await headers()).get("cookie"));
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState} signerUrl={process.env.LATCH_SIGNER_URL ?? "http://localhost:8787"}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
