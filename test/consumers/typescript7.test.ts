// The packed package in a fresh browser app on TypeScript 7 (test/consumers/typescript7): strict,
// skipLibCheck false, no @types/node and none of the kit's optional peers installed. Before the
// wire's types were plain TypeScript, arktype's .d.ts reached through the kit's failed here
// ("Cannot find name 'Buffer'").
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { installApp, runIn } from "./support/app";

let app: string;
beforeAll(async () => {
  app = await installApp("typescript7", inject("latchTarball"));
});

describe("a TypeScript 7 app without Node types", () => {
  it("has TypeScript 7 and neither Node's types nor an optional peer installed", async () => {
    expect(await runIn(app, "tsc", ["--version"])).toMatch(/Version 7\./);
    const present = ["@types/node", "@wagmi/core", "@walletconnect/universal-provider", "@solana/kit", "@wallet-standard/base"].filter((name) =>
      existsSync(join(app, "node_modules", name)),
    );
    expect(present).toEqual([]);
  });

  it("type-checks the kit's entries, hooks and wire types with skipLibCheck false (src/App.tsx)", { timeout: 300_000 }, async () => {
    await runIn(app, "tsc", ["-p", "tsconfig.json"]);
  });
});
