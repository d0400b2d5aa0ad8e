import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { backendStatus } from "./backend-status.js";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The playground runs under this Content-Security-Policy: scripts only from itself (no inline
// script, so no React fast-refresh preamble: the page reloads on change), frames and calls only to
// loopback (the emulator, the devnet, the WalletConnect relay on ws://127.0.0.1). Styles allow
// inline: emotion inserts <style> elements. The dev WalletConnect wallet (wc-wallet.html) runs under it too.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' http://localhost:* ws://localhost:* http://127.0.0.1:* ws://127.0.0.1:*",
  "frame-src http://localhost:* http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const emulatorUrl = process.env.LATCH_EMULATOR_URL ?? "http://localhost:8787";
const devnetRpcUrl = process.env.LATCH_DEVNET_RPC_URL ?? "http://127.0.0.1:8545";
const devnetBundlerUrl = process.env.LATCH_DEVNET_BUNDLER_URL ?? "http://127.0.0.1:4337";
const devnetPaymasterUrl = process.env.LATCH_DEVNET_PAYMASTER_URL ?? "http://127.0.0.1:3000";
const solanaRpcUrl = process.env.LATCH_SOLANA_RPC_URL ?? "http://localhost:8899";
// server/walletconnect-relay (npm start starts it); the kit and the dev wallet page both use it.
const walletConnectRelayUrl = process.env.LATCH_WALLETCONNECT_RELAY_URL ?? "ws://127.0.0.1:8788";

// The playground imports the kit by its public names, resolved to the sources.
export default defineConfig({
  root: r("."),
  plugins: [backendStatus({ emulatorUrl, devnetRpcUrl, solanaRpcUrl })],
  resolve: {
    alias: [
      { find: /^latch-kit\/react$/, replacement: r("../renderer/index.ts") },
      { find: /^latch-kit\/chain$/, replacement: r("../core/chain/index.ts") },
      { find: /^latch-kit\/chain$/, replacement: r("../core/chain/index.ts") },
      { find: /^latch-kit\/plugins\/(.*)$/, replacement: r("../plugins/$1/index.ts") },
      { find: /^latch-kit$/, replacement: r("../core/index.ts") },
    ],
  },
  define: {
    __EMULATOR_URL__: JSON.stringify(emulatorUrl),
    __DEVNET_RPC_URL__: JSON.stringify(devnetRpcUrl),
    __DEVNET_BUNDLER_URL__: JSON.stringify(devnetBundlerUrl),
    __DEVNET_PAYMASTER_URL__: JSON.stringify(devnetPaymasterUrl),
    __SOLANA_RPC_URL__: JSON.stringify(solanaRpcUrl),
    __WALLETCONNECT_RELAY_URL__: JSON.stringify(walletConnectRelayUrl),
  },
  server: { host: "localhost", port: Number(process.env.LATCH_PLAYGROUND_PORT ?? 5173), strictPort: true, headers: { "Content-Security-Policy": contentSecurityPolicy } },
  preview: { headers: { "Content-Security-Policy": contentSecurityPolicy } },
  optimizeDeps: {
    include: [
      "react",
      "react-dom/client",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "jotai/vanilla",
      "jotai/react",
      "arktype",
      "viem",
      "@turnkey/iframe-stamper",
      "@emotion/css/create-instance",
      "@github/webauthn-json",
      "@wagmi/core",
      "@walletconnect/universal-provider",
      "@walletconnect/core",
      "@reown/walletkit",
      "qr",
      "qrcode",
      "otpauth",
      "viem/accounts",
      "viem/chains",
      "viem/account-abstraction",
      "@emotion/css",
      "@solana/kit",
    ],
  },
  build: {
    outDir: r("dist"),
    emptyOutDir: true,
    rolldownOptions: { input: { main: r("index.html"), wcWallet: r("wc-wallet.html") } },
  },
});
