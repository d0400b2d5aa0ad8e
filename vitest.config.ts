import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The same aliases as tsconfig "paths": tests import the package by its public names.
const alias = [
  { find: /^latch-kit\/react$/, replacement: r("./renderer/index.ts") },
  { find: /^latch-kit\/chain$/, replacement: r("./core/chain/index.ts") },
  { find: /^latch-kit\/wagmi$/, replacement: r("./integrations/wagmi/index.ts") },
  { find: /^latch-kit\/plugins\/(.*)$/, replacement: r("./plugins/$1/index.ts") },
  { find: /^latch-kit$/, replacement: r("./core/index.ts") },
  // The server package's method contract, for a method package a test installs outside the repository.
  { find: /^latch-server\/method$/, replacement: r("./server/method-kit.ts") },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "happy-dom",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["test/unit/setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "ssr",
          environment: "node",
          include: ["test/ssr/**/*.test.{ts,tsx}"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["test/server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several server instances on one PostgreSQL (a throw-away cluster per file), faults, key rotation.
          name: "postgres",
          environment: "node",
          include: ["test/postgres/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "devnet",
          environment: "node",
          include: ["test/devnet/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "production",
          environment: "node",
          include: ["test/production/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "types",
          include: [],
          typecheck: { enabled: true, only: true, include: ["test/types/**/*.test-d.ts"], tsconfig: "test/types/tsconfig.json" },
        },
      },
      {
        test: {
          name: "consumers",
          environment: "node",
          include: ["test/consumers/**/*.test.ts"],
          globalSetup: ["test/consumers/support/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
