import { createHash } from "node:crypto";
import { newTargetKey, type EmulatorClient, type TargetKey } from "./client";

export const APP_ORIGIN = "http://localhost:5173";

export const nonceOf = (publicKey: string) => createHash("sha256").update(publicKey, "utf8").digest("hex");

export const encodeState = (state: object) => Buffer.from(JSON.stringify(state)).toString("base64url");

export interface Prepared {
  codeChallenge: string;
  requestKey: string;
  authProviders: Array<{ id: string; isCustomProvider?: boolean; clientId: string; authEndpoint: string }>;
}

export interface FlowOptions {
  provider?: string;
  /** Popup (default) or redirect. */
  mode?: "popup" | "redirect";
  email?: string;
  name?: string;
  scope?: string;
  claims?: string;
  connection?: string;
  fetchIdTokenOnly?: boolean;
  target?: TargetKey;
  /** Change the state after preparing (tamper tests). */
  stateOverrides?: Record<string, unknown>;
  redirectUrl?: string;
}

/** The login URL the kit builds (docs/signer-api.md "Social sign-in"). */
export async function startSocialLogin(client: EmulatorClient, options: FlowOptions = {}) {
  const target = options.target ?? newTargetKey();
  const prepared = await client.ok<Prepared>("prepare-oauth", { nonce: nonceOf(target.publicKey) });
  const providerId = options.provider ?? "google";
  const provider = prepared.authProviders.find((p) => p.id === providerId)!;
  const mode = options.mode ?? "popup";
  const state = {
    authProviderId: providerId,
    isCustomProvider: false,
    requestKey: prepared.requestKey,
    turnkeyPublicKey: target.publicKey,
    expirationSeconds: 900,
    ...(mode === "popup" ? { openerOrigin: APP_ORIGIN } : { redirectUrl: options.redirectUrl ?? `${APP_ORIGIN}/app?tab=1` }),
    fetchIdTokenOnly: options.fetchIdTokenOnly ?? false,
    ...options.stateOverrides,
  };
  const url = new URL(provider.authEndpoint);
  const params: Record<string, string> = {
    redirect_uri: `${client.url}/callback`,
    response_type: "code",
    scope: options.scope ?? "openid email",
    state: encodeState(state),
    code_challenge: prepared.codeChallenge,
    code_challenge_method: "S256",
    prompt: "select_account",
    client_id: provider.clientId,
    nonce: nonceOf(target.publicKey),
    ...(options.claims ? { claims: options.claims } : {}),
    ...(options.connection ? { connection: options.connection } : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { target, prepared, provider, url, params, state };
}

/** Picks an identity on the login page (a form POST), as a user would; answers the redirect to /callback. */
export async function pickIdentity(authorizeUrl: URL, params: Record<string, string>, email: string, name?: string): Promise<string> {
  const response = await fetch(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
    method: "POST",
    body: new URLSearchParams({ ...params, login_email: email, ...(name ? { login_name: name } : {}) }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return response.headers.get("location")!;
}

/** The popup result posted by /callback, read from its page. */
export function popupResult(html: string): { result: Record<string, any>; origin: string } {
  const result = html.match(/const result = (.*);\n/)?.[1];
  const origin = html.match(/const origin = (.*);\n/)?.[1];
  if (!result || !origin) throw new Error(`no popup result in ${html.slice(0, 500)}`);
  return { result: JSON.parse(result), origin: JSON.parse(origin) };
}

/** Runs the whole flow (prepare → login page → pick → /callback) and answers the popup result. */
export async function socialLogin(client: EmulatorClient, email: string, options: FlowOptions = {}) {
  const started = await startSocialLogin(client, options);
  const page = await fetch(started.url);
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const callback = await pickIdentity(started.url, started.params, email, options.name);
  const response = await fetch(callback, { redirect: "manual" });
  if (options.mode === "redirect") return { ...started, response, result: {} as Record<string, any>, html: undefined as string | undefined };
  const html = await response.text();
  return { ...started, response, result: popupResult(html).result, html: html as string | undefined };
}
