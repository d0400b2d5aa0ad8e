import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { cookieToInitialState } from "@account-kit/core";
import { config } from "@/config";
import { Providers } from "./providers";

export const metadata: Metadata = { title: "NFT mint", description: "A sponsored mint with a smart wallet" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState(config, (await headers()).get("cookie") ?? undefined);
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  );
}
