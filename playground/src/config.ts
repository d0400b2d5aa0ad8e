// The playground's configuration lives in the URL, so a reload keeps it and a link shares it.
// Only values that differ from the defaults are written, so the default page has a bare URL.

/** A sign-in section the configurator can place (one entry of `ui.auth.sections`, or a block of them). */
export type SectionKind = "email" | "sms" | "passkey" | "social" | "wallets";
export const SECTION_KINDS: readonly SectionKind[] = ["email", "sms", "passkey", "social", "wallets"];

export type SocialProvider = "google" | "facebook" | "apple" | "twitch" | "auth0";
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ["google", "facebook", "apple", "twitch", "auth0"];
export type SocialMode = "redirect" | "popup";

export type EmailMode = "otp" | "magicLink" | "server";
export type UiModeOption = "modal" | "embedded";
export type ThemeOption = "light" | "dark" | "system";
export type IllustrationStyleOption = "outline" | "linear" | "filled" | "flat";
export type ChainTypeOption = "evm" | "svm";
export const ACCOUNT_TYPE_OPTIONS = ["LightAccount", "MultiOwnerLightAccount", "ModularAccountV2", "MultiOwnerModularAccount"] as const;
export type AccountTypeOption = (typeof ACCOUNT_TYPE_OPTIONS)[number];

export interface PlaygroundConfig {
  /** Groups of sections in dialog order; an 'or' divider separates groups. */
  sections: SectionKind[][];
  /** 'server' installs both email plugins and lets the emulator's signer-config decide. */
  emailMode: EmailMode;
  /** Providers of the social section, in order, each signing in by redirect or popup. */
  social: Array<{ id: SocialProvider; mode: SocialMode }>;
  /** Wallet section: names to feature, featured count (null: unlimited), 'More wallets' text, chain types. */
  walletsNames: string[];
  walletsFeatured: number | null;
  walletsMoreText: string;
  walletsChains: ChainTypeOption[];
  /** The remote-pairing option (the walletconnect plugin). */
  walletConnect: boolean;
  /** Playground only: announce test wallets (EIP-6963) holding the devnet's public test keys. */
  devWallets: boolean;
  /** The smart-accounts plugin on the local devnet: the account type, and sponsorship by the devnet policy. */
  smartAccount: AccountTypeOption | "off";
  sponsored: boolean;
  /** The solana-embedded plugin on the local Solana RPC, with fees paid by its fee payer or not. */
  solana: boolean;
  solanaSponsored: boolean;
  /** The jwt plugin: custom-JWT sign-in, with tokens from the emulator's dev app issuer. */
  customJwt: boolean;
  /** The split-custody plugin: its recovery setup (passkey or code) and recovery screens, for wallets in split custody (`npm start -- --custody=split`). */
  splitCustody: boolean;
  /** Session length in ms. */
  sessionMs: number;
  uiMode: UiModeOption;
  theme: ThemeOption;
  illustrationStyle: IllustrationStyleOption;
  hideSignInText: boolean;
  header: string;
  addPasskeyOnSignup: boolean;
  supportUrl: string;
}

export const DEFAULT_SESSION_MS = 900_000;

export const defaultConfig: PlaygroundConfig = {
  sections: [["email"], ["sms"]],
  emailMode: "server",
  social: [{ id: "google", mode: "popup" }],
  walletsNames: ["Dev Wallet A", "Dev Wallet B", "Dev Wallet C"],
  walletsFeatured: null,
  walletsMoreText: "",
  walletsChains: ["evm"],
  walletConnect: false,
  devWallets: true,
  smartAccount: "off",
  sponsored: true,
  solana: false,
  solanaSponsored: true,
  customJwt: false,
  splitCustody: true,
  sessionMs: DEFAULT_SESSION_MS,
  uiMode: "modal",
  theme: "system",
  illustrationStyle: "outline",
  hideSignInText: false,
  header: "",
  addPasskeyOnSignup: false,
  supportUrl: "",
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;

// URL forms: sections=email~passkey,sms (',' between groups, '~' within one) · social=google:popup,apple:redirect
// · walletsChains=evm,svm. Unknown names are dropped, duplicates kept once.
export function parseSections(raw: string): SectionKind[][] {
  const seen = new Set<SectionKind>();
  const groups: SectionKind[][] = [];
  for (const part of raw.split(",")) {
    const group: SectionKind[] = [];
    for (const name of part.split("~")) {
      const kind = name.trim() as SectionKind;
      if (SECTION_KINDS.includes(kind) && !seen.has(kind)) {
        seen.add(kind);
        group.push(kind);
      }
    }
    if (group.length) groups.push(group);
  }
  return groups;
}

export const formatSections = (groups: SectionKind[][]): string => groups.map((g) => g.join("~")).join(",");

function parseSocial(raw: string): PlaygroundConfig["social"] {
  const list: PlaygroundConfig["social"] = [];
  for (const part of raw.split(",")) {
    const [id, mode] = part.split(":");
    if (!SOCIAL_PROVIDERS.includes(id as SocialProvider) || list.some((p) => p.id === id)) continue;
    list.push({ id: id as SocialProvider, mode: mode === "redirect" ? "redirect" : "popup" });
  }
  return list;
}

/** Wallet names as typed: comma-separated, trimmed, empty ones dropped. */
export const splitNames = (raw: string): string[] =>
  raw
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);

const formatSocial = (list: PlaygroundConfig["social"]): string => list.map((p) => `${p.id}:${p.mode}`).join(",");

export function readConfig(search: string): PlaygroundConfig {
  const params = new URLSearchParams(search);
  const config: PlaygroundConfig = { ...defaultConfig };
  if (params.has("sections")) {
    const sections = parseSections(params.get("sections") ?? "");
    if (sections.length) config.sections = sections;
  } else if (params.get("sms") === "0") {
    // The first playground's `sms=0`.
    config.sections = [["email"]];
  }
  config.emailMode = oneOf(["otp", "magicLink", "server"], params.get("emailMode"), defaultConfig.emailMode);
  if (params.has("social")) config.social = parseSocial(params.get("social") ?? "");
  if (params.has("walletsNames")) config.walletsNames = splitNames(params.get("walletsNames") ?? "");
  const featured = params.get("walletsFeatured");
  if (featured !== null && /^\d+$/.test(featured)) config.walletsFeatured = Number(featured);
  config.walletsMoreText = params.get("walletsMoreText") ?? "";
  if (params.has("walletsChains")) {
    const chains = (["evm", "svm"] as const).filter((c) => (params.get("walletsChains") ?? "").split(",").includes(c));
    if (chains.length) config.walletsChains = chains;
  }
  config.walletConnect = params.get("walletConnect") === "1";
  config.devWallets = params.get("devWallets") !== "0";
  config.smartAccount = oneOf([...ACCOUNT_TYPE_OPTIONS, "off"], params.get("smartAccount"), defaultConfig.smartAccount);
  config.sponsored = params.get("sponsored") !== "0";
  config.solana = params.get("solana") === "1";
  config.solanaSponsored = params.get("solanaSponsored") !== "0";
  config.customJwt = params.get("customJwt") === "1";
  config.splitCustody = params.get("splitCustody") !== "0";
  const sessionMs = Number(params.get("sessionMs"));
  if (Number.isInteger(sessionMs) && sessionMs > 0) config.sessionMs = sessionMs;
  config.uiMode = oneOf(["modal", "embedded"], params.get("uiMode"), defaultConfig.uiMode);
  config.theme = oneOf(["light", "dark", "system"], params.get("theme"), defaultConfig.theme);
  config.illustrationStyle = oneOf(["outline", "linear", "filled", "flat"], params.get("illustrationStyle"), defaultConfig.illustrationStyle);
  config.hideSignInText = params.get("hideSignInText") === "1";
  config.addPasskeyOnSignup = params.get("addPasskeyOnSignup") === "1";
  config.header = params.get("header") ?? "";
  config.supportUrl = params.get("supportUrl") ?? "";
  return config;
}

/** The query string of a configuration (without '?'): only what differs from the defaults. */
export function writeConfig(config: PlaygroundConfig): string {
  const params: Array<[string, string]> = [];
  const add = (key: string, value: string, fallback: string) => value !== fallback && params.push([key, value]);
  add("sections", formatSections(config.sections), formatSections(defaultConfig.sections));
  add("emailMode", config.emailMode, defaultConfig.emailMode);
  add("social", formatSocial(config.social), formatSocial(defaultConfig.social));
  add("walletsNames", config.walletsNames.join(","), defaultConfig.walletsNames.join(","));
  add("walletsFeatured", config.walletsFeatured === null ? "" : String(config.walletsFeatured), "");
  add("walletsMoreText", config.walletsMoreText, "");
  add("walletsChains", config.walletsChains.join(","), defaultConfig.walletsChains.join(","));
  add("walletConnect", config.walletConnect ? "1" : "0", "0");
  add("devWallets", config.devWallets ? "1" : "0", "1");
  add("smartAccount", config.smartAccount, defaultConfig.smartAccount);
  add("sponsored", config.sponsored ? "1" : "0", "1");
  add("solana", config.solana ? "1" : "0", "0");
  add("solanaSponsored", config.solanaSponsored ? "1" : "0", "1");
  add("customJwt", config.customJwt ? "1" : "0", "0");
  add("splitCustody", config.splitCustody ? "1" : "0", "1");
  add("sessionMs", String(config.sessionMs), String(defaultConfig.sessionMs));
  add("uiMode", config.uiMode, defaultConfig.uiMode);
  add("theme", config.theme, defaultConfig.theme);
  add("illustrationStyle", config.illustrationStyle, defaultConfig.illustrationStyle);
  add("hideSignInText", config.hideSignInText ? "1" : "0", "0");
  add("addPasskeyOnSignup", config.addPasskeyOnSignup ? "1" : "0", "0");
  add("header", config.header, "");
  add("supportUrl", config.supportUrl, "");
  // ',', '~' and ':' stay readable: they are legal in a query and mean nothing else here.
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ",").replace(/%3A/g, ":")}`).join("&");
}

export const emulatorUrl = (): string => __EMULATOR_URL__;
export const solanaRpcUrl = (): string => __SOLANA_RPC_URL__;
/** Where the devnet's node, bundler and paymaster answer (npm start's fixed ports, or a test's free ones). */
export const devnetUrls = () => ({ rpcUrl: __DEVNET_RPC_URL__, bundlerUrl: __DEVNET_BUNDLER_URL__, paymasterUrl: __DEVNET_PAYMASTER_URL__ });
export const walletConnectRelayUrl = (): string => __WALLETCONNECT_RELAY_URL__;
/** The policy the local Solana RPC's fee payer accepts by default. */
export const SOLANA_POLICY_ID = "solana-sponsorship";
