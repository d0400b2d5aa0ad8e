// The playground's code snippet is code an app can compile: every configuration's snippet is
// type-checked against the kit's sources, and every configuration survives its own URL.
import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import type { PlaygroundConfig } from "../../playground/src/config";

const root = fileURLToPath(new URL("../../", import.meta.url));
let config: typeof import("../../playground/src/config");
let describeKit: typeof import("../../playground/src/methods").describeKit;
let kitSnippet: typeof import("../../playground/src/snippet").kitSnippet;

beforeAll(async () => {
  // What Vite defines for the page.
  Object.assign(globalThis, { __EMULATOR_URL__: "http://localhost:8787", __SOLANA_RPC_URL__: "http://localhost:8899", __DEVNET_RPC_URL__: "http://127.0.0.1:8545", __DEVNET_BUNDLER_URL__: "http://127.0.0.1:4337", __DEVNET_PAYMASTER_URL__: "http://127.0.0.1:3000", __WALLETCONNECT_RELAY_URL__: "ws://127.0.0.1:8788" });
  config = await import("../../playground/src/config");
  ({ describeKit } = await import("../../playground/src/methods"));
  ({ kitSnippet } = await import("../../playground/src/snippet"));
});

const variants = (): Array<[string, Partial<PlaygroundConfig>]> => [
  ["default", {}],
  ["magic link, embedded, dark, header", { emailMode: "magicLink", uiMode: "embedded", theme: "dark", header: "Acme", hideSignInText: true }],
  ["passkey first, grouped with email, session 1 h", { sections: [["passkey", "email"], ["sms"]], addPasskeyOnSignup: true, sessionMs: 3_600_000 }],
  ["wallets featured, walletconnect, smart account", { sections: [["wallets"], ["email"]], walletsFeatured: 2, walletsMoreText: "Other", walletConnect: true, smartAccount: "ModularAccountV2" }],
  ["unsponsored account, flat illustrations, support URL", { smartAccount: "LightAccount", sponsored: false, illustrationStyle: "flat", supportUrl: "https://example.com/help" }],
  ["solana, sponsored and not", { solana: true, sections: [["email"]], emailMode: "otp" }],
  ["social providers by popup and redirect", { sections: [["social"], ["email"]], social: [{ id: "google", mode: "popup" }, { id: "apple", mode: "redirect" }, { id: "auth0", mode: "popup" }] }],
  ["solana paying its fees, with a smart account", { solana: true, solanaSponsored: false, smartAccount: "MultiOwnerLightAccount" }],
];

describe("the playground's code snippet", () => {
  it("type-checks for every kind of configuration", async () => {
    const dir = `${root}node_modules/.cache/playground-snippets`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = variants().map(([, change], i) => {
      const file = `${dir}/snippet-${i}.tsx`;
      writeFileSync(file, kitSnippet(describeKit({ ...config.defaultConfig, ...change })));
      return file;
    });
    writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ extends: `${root}tsconfig.json`, compilerOptions: { baseUrl: root, noUnusedLocals: true }, include: files, exclude: [] }));
    const tsc = `${root}node_modules/typescript/bin/tsc`;
    const result = await promisify(execFile)(process.execPath, [tsc, "-p", `${dir}/tsconfig.json`, "--noEmit"]).then(
      () => "",
      (e: { stdout: string }) => e.stdout,
    );
    expect(result).toBe("");
    // one whole-project tsc run: about 15 s alone, past 60 s on two cores shared with other work
  }, 180_000);

  it("imports only the chosen plugins, and says what an app must change", () => {
    const snippet = (change: Partial<PlaygroundConfig>) => kitSnippet(describeKit({ ...config.defaultConfig, ...change }));
    const otpOnly = snippet({ emailMode: "otp", sections: [["email"]], splitCustody: false });
    expect(otpOnly.match(/from "latch-kit\/plugins\//g)).toHaveLength(1);
    expect(otpOnly).toContain(`plugins: [emailOtp()]`);
    // Split custody's screens are on by default (inert for wallets the server holds).
    expect(snippet({ emailMode: "otp", sections: [["email"]] })).toContain(`plugins: [emailOtp(), splitCustody()]`);
    expect(snippet({ sections: [["email"], ["social"]], social: [] })).not.toContain(`type: "social"`);
    expect(snippet({ uiMode: "embedded" })).toContain("<AuthCard />");
    expect(snippet({})).toContain("<SignInButton />");
  });

  it("keeps every configuration in its URL", () => {
    for (const [name, change] of variants()) {
      const value = { ...config.defaultConfig, ...change };
      const query = config.writeConfig(value);
      expect(config.readConfig(`?${query}`), name).toEqual(value);
    }
    expect(config.writeConfig(config.defaultConfig)).toBe("");
    expect(config.readConfig("?sections=email~passkey,sms,bogus,email").sections).toEqual([["email", "passkey"], ["sms"]]);
    expect(config.readConfig("?sms=0").sections).toEqual([["email"]]);
  });
});
