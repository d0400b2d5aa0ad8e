// What a configuration means for an app: which plugins it installs (with which options) and which
// `ui.auth.sections` it writes. The live kit (kit.ts) and the code snippet (snippet.ts) both come
// from `describeKit`, so the snippet is always the code of the kit on screen.
import type { LatchPlugin, SectionConfig } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { evm } from "latch-kit/plugins/evm";
import { walletConnect } from "latch-kit/plugins/walletconnect";
import { solana } from "latch-kit/plugins/solana";
import { smartAccounts } from "latch-kit/plugins/smart-accounts";
import { solanaEmbedded } from "latch-kit/plugins/solana-embedded";
import { jwt } from "latch-kit/plugins/jwt";
import { splitCustody } from "latch-kit/plugins/split-custody";
import { DEVNET_POLICY_ID, DEVNET_RETRY_SETTINGS, devnetChain } from "latch-kit/chain";
import { DEFAULT_SESSION_MS, devnetUrls, emulatorUrl, SOLANA_POLICY_ID, solanaRpcUrl, walletConnectRelayUrl, type PlaygroundConfig, type SectionKind } from "./config";

/** One plugin as an app installs it: `import { <factory> } from "<from>"`, then `<factory>(<args>)`. */
export interface PluginUse {
  id: string;
  factory: string;
  from: string;
  /** The arguments as the snippet prints them (source text), if any. */
  argsSource?: string;
  /** Lines printed before the kit (imports and constants the arguments need). */
  preamble?: { imports: string[]; lines: string[] };
  make: () => LatchPlugin;
}

/** A section the configurator offers. */
export interface MethodInfo {
  kind: SectionKind;
  label: string;
}

export const METHODS: Record<SectionKind, MethodInfo> = {
  email: { kind: "email", label: "Email (code or magic link)" },
  sms: { kind: "sms", label: "SMS code" },
  passkey: { kind: "passkey", label: "Passkey" },
  social: { kind: "social", label: "Social sign-in" },
  wallets: { kind: "wallets", label: "External wallets" },
};

const emailOtpUse: PluginUse = { id: "email-otp", factory: "emailOtp", from: "latch-kit/plugins/email-otp", make: () => emailOtp() };
const magicLinkUse: PluginUse = { id: "magic-link", factory: "magicLink", from: "latch-kit/plugins/magic-link", make: () => magicLink() };
const smsUse: PluginUse = { id: "sms", factory: "sms", from: "latch-kit/plugins/sms", make: () => sms() };
const passkeyUse: PluginUse = { id: "passkey", factory: "passkey", from: "latch-kit/plugins/passkey", make: () => passkey() };
const oauthUse: PluginUse = { id: "oauth", factory: "oauth", from: "latch-kit/plugins/oauth", make: () => oauth() };
// No section: the app signs in with a JWT its own auth issued (here: the emulator's dev app issuer).
const jwtUse: PluginUse = { id: "jwt", factory: "jwt", from: "latch-kit/plugins/jwt", make: () => jwt() };
// Split custody's screens: a new split wallet asks for its recovery means, a device without its share recovers.
// Inert for wallets the server holds (their custody code never loads).
const splitCustodyUse: PluginUse = { id: "split-custody", factory: "splitCustody", from: "latch-kit/plugins/split-custody", make: () => splitCustody() };
const evmUse: PluginUse = {
  id: "evm",
  factory: "evm",
  from: "latch-kit/plugins/evm",
  // The local devnet (npm run devnet); an app lists its own viem chains.
  argsSource: "{ chains: [devnetChain()] }",
  preamble: { imports: [`import { devnetChain } from "latch-kit/chain";`], lines: [] },
  make: () => evm({ chains: [devnetChain(devnetUrls())] }),
};
// The RPC endpoint sends what a wallet only signs, and confirms what it sends.
const solanaWalletsUse = (rpcUrl = solanaRpcUrl()): PluginUse => ({
  id: "solana",
  factory: "solana",
  from: "latch-kit/plugins/solana",
  argsSource: `{ chain: "solana:localnet", rpcUrl: "${rpcUrl}" }`,
  make: () => solana({ chain: "solana:localnet", rpcUrl }),
});
const walletConnectUse: PluginUse = { id: "walletconnect", factory: "walletConnect", from: "latch-kit/plugins/walletconnect", make: () => walletConnect() };

/**
 * The playground pairs through the local relay `npm start` runs (server/walletconnect-relay), so
 * nothing leaves the machine; the dev wallet page (wc-wallet.html) uses the same relay. An app gives
 * its own project id and leaves out relayUrl (the hosted relay).
 */
export const walletConnectPlayground = () => ({ projectId: "latch-playground", relayUrl: walletConnectRelayUrl() });

function smartAccountsUse(config: PlaygroundConfig): PluginUse | null {
  if (config.smartAccount === "off") return null;
  const type = config.smartAccount;
  return {
    id: "smart-accounts",
    factory: "smartAccounts",
    from: "latch-kit/plugins/smart-accounts",
    argsSource: `{ chain: devnetChain(), accountTypes: ["${type}"]${config.sponsored ? ", policyId: DEVNET_POLICY_ID" : ""}, retry: DEVNET_RETRY_SETTINGS }`,
    preamble: {
      imports: [`import { ${config.sponsored ? "DEVNET_POLICY_ID, " : ""}DEVNET_RETRY_SETTINGS, devnetChain } from "latch-kit/chain";`],
      lines: [],
    },
    make: () =>
      smartAccounts({
        chain: devnetChain(devnetUrls()),
        accountTypes: [type],
        ...(config.sponsored ? { policyId: DEVNET_POLICY_ID } : {}),
        retry: DEVNET_RETRY_SETTINGS,
      }),
  };
}

function solanaUse(config: PlaygroundConfig): PluginUse | null {
  if (!config.solana) return null;
  const rpcUrl = solanaRpcUrl();
  return {
    id: "solana-embedded",
    factory: "solanaEmbedded",
    from: "latch-kit/plugins/solana-embedded",
    argsSource: `{ rpcUrl: "${rpcUrl}"${config.solanaSponsored ? `, policyId: "${SOLANA_POLICY_ID}"` : ""} }`,
    make: () => solanaEmbedded({ rpcUrl, ...(config.solanaSponsored ? { policyId: SOLANA_POLICY_ID } : {}) }),
  };
}

export interface KitDescription {
  plugins: PluginUse[];
  sections: SectionConfig[][];
  /** What differs from the defaults, in the order the snippet prints it. */
  signer: Record<string, unknown>;
  ui: {
    uiMode?: "embedded";
    theme?: "light" | "dark";
    illustrationStyle?: PlaygroundConfig["illustrationStyle"];
    supportUrl?: string;
  };
  auth: { header?: string; hideSignInText?: true; addPasskeyOnSignup?: true };
}

function sectionsOf(kind: SectionKind, config: PlaygroundConfig): SectionConfig[] {
  switch (kind) {
    case "email":
    case "sms":
    case "passkey":
      return [{ type: kind }];
    case "social":
      return config.social.map((p) => ({ type: "social", authProviderId: p.id, mode: p.mode }));
    case "wallets":
      return [
        {
          type: "external_wallets",
          ...(config.walletsNames.length ? { wallets: config.walletsNames } : {}),
          ...(config.walletsFeatured !== null ? { numFeaturedWallets: config.walletsFeatured } : {}),
          ...(config.walletsMoreText ? { moreButtonText: config.walletsMoreText } : {}),
          chainType: config.walletsChains,
          ...(config.walletConnect ? { walletConnect: walletConnectPlayground() } : {}),
        },
      ];
  }
}

function pluginsOf(kind: SectionKind, config: PlaygroundConfig): PluginUse[] {
  switch (kind) {
    case "email":
      // One email plugin decides the mode; with both, the backend's signer-config does.
      return config.emailMode === "otp" ? [emailOtpUse] : config.emailMode === "magicLink" ? [magicLinkUse] : [emailOtpUse, magicLinkUse];
    case "sms":
      return [smsUse];
    case "passkey":
      return [passkeyUse];
    case "social":
      return config.social.length ? [oauthUse] : [];
    case "wallets": {
      // Solana browser wallets (wallet-standard) when the section offers svm.
      const solanaWallets = config.walletsChains.includes("svm") ? [solanaWalletsUse()] : [];
      const evmWallets = config.walletsChains.includes("evm") ? [evmUse, ...(config.walletConnect ? [walletConnectUse] : [])] : [];
      return [...evmWallets, ...solanaWallets];
    }
  }
}

export function describeKit(config: PlaygroundConfig): KitDescription {
  const plugins: PluginUse[] = [];
  const add = (use: PluginUse) => !plugins.some((p) => p.id === use.id) && plugins.push(use);
  const sections: SectionConfig[][] = [];
  for (const group of config.sections) {
    const entries: SectionConfig[] = [];
    for (const kind of group) {
      pluginsOf(kind, config).forEach(add);
      entries.push(...sectionsOf(kind, config));
    }
    if (entries.length) sections.push(entries);
  }
  // The offer to add a passkey after sign-up is the passkey plugin's.
  if (config.addPasskeyOnSignup) add(passkeyUse);
  const smart = smartAccountsUse(config);
  if (smart) add(smart);
  const solana = solanaUse(config);
  if (solana) add(solana);
  if (config.customJwt) add(jwtUse);
  if (config.splitCustody) add(splitCustodyUse);

  const url = emulatorUrl();
  return {
    plugins,
    sections,
    signer: {
      url,
      authFrameUrl: `${url}/frames/auth`,
      exportFrameUrl: `${url}/frames/export`,
      // Passkeys, export and the other key-management calls go to the emulator too.
      keyManagementUrl: url,
      // With one email plugin its mode is implied, but sms() also draws the code screen, and then the
      // email section asks the backend: the forced mode says it outright.
      ...(config.emailMode !== "server" && config.sections.flat().includes("email") ? { emailMode: config.emailMode } : {}),
      ...(config.sessionMs !== DEFAULT_SESSION_MS ? { expirationTimeMs: config.sessionMs } : {}),
    },
    ui: {
      ...(config.uiMode === "embedded" ? { uiMode: "embedded" as const } : {}),
      ...(config.theme !== "system" ? { theme: config.theme } : {}),
      ...(config.illustrationStyle !== "outline" ? { illustrationStyle: config.illustrationStyle } : {}),
      ...(config.supportUrl ? { supportUrl: config.supportUrl } : {}),
    },
    auth: {
      ...(config.header ? { header: config.header } : {}),
      ...(config.hideSignInText ? { hideSignInText: true as const } : {}),
      ...(config.addPasskeyOnSignup ? { addPasskeyOnSignup: true as const } : {}),
    },
  };
}
