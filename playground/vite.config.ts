import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The playground runs under this Content-Security-Policy: scripts only from itself (no inline
// script, so no React fast-refresh preamble: the page reloads on change), frames and calls only to
// loopback (the emulator, the devnet). Styles allow inline: emotion inserts <style> elements.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' http://localhost:* ws://localhost:* http://127.0.0.1:*",
  "frame-src http://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// The playground imports the kit by its public names, resolved to the sources.
export default defineConfig({
  root: r("."),
  resolve: {
    alias: [
      { find: /^latch-kit\/react$/, replacement: r("../renderer/index.ts") },
      { find: /^latch-kit\/chain$/, replacement: r("../core/chain/index.ts") },
      { find: /^latch-kit\/plugins\/(.*)$/, replacement: r("../plugins/$1/index.ts") },
      { find: /^latch-kit$/, replacement: r("../core/index.ts") },
    ],
  },
  define: {
    __EMULATOR_URL__: JSON.stringify(process.env.LATCH_EMULATOR_URL ?? "http://localhost:8787"),
  },
  server: { host: "localhost", port: 5173, strictPort: true, headers: { "Content-Security-Policy": contentSecurityPolicy } },
  preview: { headers: { "Content-Security-Policy": contentSecurityPolicy } },
  optimizeDeps: {
    include: [
      "react",
      "react-dom/client",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "jotai/vanilla",
      "jotai/react",
      "tsyringe",
      "reflect-metadata",
      "arktype",
      "viem",
      "@turnkey/iframe-stamper",
      "@emotion/css/create-instance",
      "react-aria-components",
    ],
  },
  build: { outDir: r("dist"), emptyOutDir: true },
});
