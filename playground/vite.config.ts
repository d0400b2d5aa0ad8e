import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The playground imports the kit by its public names, resolved to the sources.
export default defineConfig({
  root: r("."),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^latch-kit\/react$/, replacement: r("../renderer/index.ts") },
      { find: /^latch-kit\/plugins\/(.*)$/, replacement: r("../plugins/$1/index.ts") },
      { find: /^latch-kit$/, replacement: r("../core/index.ts") },
    ],
  },
  define: {
    __EMULATOR_URL__: JSON.stringify(process.env.LATCH_EMULATOR_URL ?? "http://localhost:8787"),
  },
  server: { host: "localhost", port: 5173, strictPort: true },
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
