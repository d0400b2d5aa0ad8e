import {
  getEmbeddedSigner,
  LatchError,
  RETURN_PARAMS,
  toError,
  untilAborted,
  type AbortOptions,
  type EmbeddedSigner,
  type Kit,
  type MfaFactor,
  type RouteResponse,
  type SignerStatus,
  type User,
  defineService,
} from "latch-kit";
import { OAUTH_POPUP_CLOSED_CHECK_MS, OAUTH_REDIRECT_FAILURE_MS } from "./constants";
import { decodeJwtClaims } from "../../lib/jwt/claims";
import { openSecondFactor } from "../../lib/mfa/second-factor";
import { browser } from "./browser";
import { redirectMark } from "./pending";
import { socialSections, type OauthPayload } from "./config";
import { cancelledOnProvider, OAuthCancelledError, OAuthFailedError, OauthPopupBlockedError, OauthRedirectError, PopupOauthNotEnabledError, UnknownOauthStatusError } from "./errors";
import { buildLoginUrl, oauthNonce, type OauthConfig } from "./url";
import "../../lib/sign-in/registry";
import "./registry";

/** The popup result message, also read from the URL on a redirect return. */
export interface OauthResultMessage {
  status?: string;
  bundle?: string;
  orgId?: string;
  idToken?: string;
  accessToken?: string;
  isSignup?: boolean | string;
  error?: string;
  /** The provider's OAuth error code: access_denied means the user cancelled on the provider's page. */
  errorCode?: string;
  otpId?: string;
  email?: string;
  authProvider?: string;
  /** MFA_REQUIRED: the pending sign-in and the user's factors. */
  encryptedPayload?: string;
  multiFactors?: MfaFactor[];
}

/** The account-linking prompt: confirm the email by code, then the provider is added. */
export interface AccountLinkingPrompt {
  status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED";
  email: string;
  otpId: string;
  orgId: string;
  providerName: string;
  idToken: string;
  accessToken?: string;
}

/** What OAuth sign-in ended with: signed in, a second factor, an account link, or only the ID token. */
export type OauthAuthenticateResult =
  | { status: "SUCCESS"; user: User }
  | { status: "MFA_REQUIRED"; multiFactors: MfaFactor[] }
  | AccountLinkingPrompt
  | { status: "FETCHED_ID_TOKEN_ONLY"; idToken: string; accessToken?: string; providerName: string };

/** A provider linked to the user. */
export type OauthProviderInfo = RouteResponse<"add-oauth-provider">["oauthProviders"][number];

interface Prepared {
  framePublicKey: string;
  nonce: string;
  config: OauthConfig;
  at: number;
}

/** A prepared request is used once; an unused one is refreshed after this long. */
const PREPARED_TTL_MS = 10 * 60_000;
/** How long an account-linking prompt waits for its email code. */
const LINK_TTL_MS = 10 * 60_000;

/** The kit's social sign-in service, created on first use in the kit's container. */
const oauthService = defineService<OauthService>("OauthService", { create: (kit) => new OauthService(kit) });
/** The kit's OAuth service. */
export const getOauthService = (kit: Kit): OauthService => oauthService.of(kit);

/**
 * Social sign-in for one kit: prepares requests (prepare-oauth bound to the frame key), opens the
 * popup inside the click or redirects, reads the result, and links a provider after an email code.
 */
export class OauthService {
  private prepared: Prepared | null = null;
  private refreshing: Promise<void> | null = null;
  private preparedByApp = false;
  private active: { cancel(): void } | null = null;
  private pendingLink: { orgId: string; providerName: string; idToken: string; expiresAt: number } | null = null;

  constructor(private readonly kit: Kit) {}

  private get signer(): EmbeddedSigner {
    return getEmbeddedSigner(this.kit);
  }

  /** enablePopupOauth, a social entry in popup mode, or a prior preparePopupOauth(). */
  get popupEnabled(): boolean {
    return (
      (this.signer.config.options.enablePopupOauth ?? false) ||
      this.preparedByApp ||
      socialSections(this.kit.config.ui.auth?.sections).some((section) => section.mode === "popup")
    );
  }

  /** Where the provider sends the user back: `oauthCallbackUrl`, default `{signer url}/callback`. */
  get callbackUrl(): string {
    return this.signer.config.options.oauthCallbackUrl ?? `${this.signer.config.url.replace(/\/$/, "")}/callback`;
  }

  /** A new request for the frame's current key: frame public key → nonce → prepare-oauth. */
  private async fetchPrepared(): Promise<Prepared> {
    const framePublicKey = await this.signer.frame.init();
    const nonce = await oauthNonce(framePublicKey);
    const config = await this.signer.client.request("prepare-oauth", { nonce });
    return { framePublicKey, nonce, config, at: Date.now() };
  }

  /** Keeps one unused request ready, so a click can build the login URL synchronously. */
  refresh(): Promise<void> {
    this.refreshing ??= this.fetchPrepared()
      .then((prepared) => {
        this.prepared = prepared;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Prepares popup sign-in ahead of the click (needed without enablePopupOauth or a popup section). */
  async preparePopupOauth(): Promise<OauthConfig> {
    this.preparedByApp = true;
    await this.refresh();
    return this.prepared!.config;
  }

  /** Forgets the ready request (the frame key changes on logout) and prepares another. */
  resetPreparation(): void {
    this.prepared = null;
    if (this.popupEnabled) this.refresh().catch((error) => console.warn("[latch] preparing social sign-in failed", error));
  }

  private take(): Prepared | null {
    const prepared = this.prepared;
    this.prepared = null;
    return prepared && Date.now() - prepared.at < PREPARED_TTL_MS ? prepared : null;
  }

  private loginUrl(prepared: Prepared, payload: OauthPayload): string {
    return buildLoginUrl({
      config: prepared.config,
      framePublicKey: prepared.framePublicKey,
      nonce: prepared.nonce,
      payload,
      callbackUrl: this.callbackUrl,
      expirationSeconds: this.signer.expirationSeconds,
      page: browser.page(),
    });
  }

  /** Stops the popup attempt in progress, if any (its promise rejects with 'OAuth cancelled'). */
  cancelActive(): void {
    this.active?.cancel();
  }

  /**
   * Social sign-in. Popup mode opens the window before this returns, so call it straight
   * from a click handler; redirect mode navigates away and fails if still here after 1 s.
   */
  authenticate(payload: OauthPayload): Promise<OauthAuthenticateResult> {
    this.cancelActive();
    payload.signal?.throwIfAborted();
    const previous = this.kit.getStatus();
    const signsIn = !payload.fetchIdTokenOnly;
    if (signsIn) {
      this.kit.setStatus("AUTHENTICATING_OAUTH");
      this.kit.events.emit("authenticating", { type: "oauth" });
    }
    let attempt: Promise<OauthAuthenticateResult>;
    try {
      attempt = payload.mode === "popup" ? this.viaPopup(payload) : this.viaRedirect(payload);
    } catch (error) {
      attempt = Promise.reject(error);
    }
    const { signal } = payload;
    const onAbort = () => this.cancelActive();
    signal?.addEventListener("abort", onAbort, { once: true });
    return untilAborted(attempt, signal)
      .catch((error: unknown) => {
        throw this.fail(error, signsIn ? previous : null);
      })
      .finally(() => signal?.removeEventListener("abort", onAbort));
  }

  /**
   * Records a failed social sign-in. The status goes back to what it was before the attempt (for
   * oauth the status is kept), so a signed-in user adding a provider stays signed in.
   */
  fail(thrown: unknown, previous: SignerStatus | null): Error {
    const error = toError(thrown);
    this.signer.patchState({ error });
    if (previous !== null && this.kit.getStatus() === "AUTHENTICATING_OAUTH") {
      const back = previous.startsWith("AUTHENTICATING") || previous === "INITIALIZING" ? "DISCONNECTED" : previous;
      this.kit.setStatus(back === "CONNECTED" && !this.kit.getUser() ? "DISCONNECTED" : back);
    }
    return error;
  }

  private viaPopup(payload: OauthPayload): Promise<OauthAuthenticateResult> {
    if (!this.popupEnabled) throw new PopupOauthNotEnabledError();
    const ready = this.take();
    // With a ready request the provider's page opens at once; otherwise a blank window opens now,
    // inside the click, and is sent to the provider when the request is prepared.
    const url = ready ? this.loginUrl(ready, payload) : "";
    const popup = browser.openPopup(url);
    if (!popup) throw new OauthPopupBlockedError();
    const later = ready ? null : this.fetchPrepared().then((prepared) => this.loginUrl(prepared, payload));
    this.refresh().catch((error) => console.warn("[latch] preparing social sign-in failed", error));
    return this.awaitPopup(popup, new URL(this.callbackUrl).origin, later).then((message) => this.handleResult(message, payload, "popup"));
  }

  /**
   * Waits for the callback page's message. Accepted only from the callback page's origin AND from
   * the window this attempt opened (a message of another window or origin is ignored); the window
   * closed by the user (checked every 500 ms) is 'OAuth cancelled'.
   */
  private awaitPopup(popup: Window, callbackOrigin: string, navigateTo: Promise<string> | null): Promise<OauthResultMessage> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const handle = { cancel: () => fail(new OAuthCancelledError()) };
      const cleanup = () => {
        settled = true;
        window.removeEventListener("message", onMessage);
        clearInterval(timer);
        if (this.active === handle) this.active = null;
        try {
          popup.close();
        } catch {
          // already gone
        }
      };
      const fail = (error: unknown) => {
        if (settled) return;
        cleanup();
        reject(error);
      };
      const onMessage = (event: MessageEvent) => {
        if (settled || event.origin !== callbackOrigin || event.source !== popup || !isResultMessage(event.data)) return;
        cleanup();
        resolve(event.data);
      };
      window.addEventListener("message", onMessage);
      const timer = setInterval(() => {
        if (popup.closed) fail(new OAuthCancelledError());
      }, OAUTH_POPUP_CLOSED_CHECK_MS);
      this.active = handle;
      navigateTo?.then((url) => {
        if (!settled) popup.location.href = url;
      }, fail);
    });
  }

  private async viaRedirect(payload: OauthPayload): Promise<never> {
    if (payload.fetchIdTokenOnly) throw new LatchError("fetchIdTokenOnly needs popup mode: a redirect must return a user");
    const prepared = this.take() ?? (await this.fetchPrepared());
    redirectMark.set(this.kit.id);
    browser.navigate(this.loginUrl(prepared, { ...payload, redirectUrl: payload.redirectUrl ?? withoutReturnParams(browser.page().href) }));
    await new Promise((resolve) => setTimeout(resolve, OAUTH_REDIRECT_FAILURE_MS));
    throw new OauthRedirectError();
  }

  /** Acts on a popup message or a redirect's URL parameters. */
  async handleResult(
    message: OauthResultMessage,
    payload: { authProviderId: string; fetchIdTokenOnly?: boolean },
    via: "popup" | "redirect",
  ): Promise<OauthAuthenticateResult> {
    if (cancelledOnProvider(message.errorCode)) throw new OAuthCancelledError();
    if (message.error) throw new OAuthFailedError(message.error, message.errorCode);
    const providerName = message.authProvider ?? payload.authProviderId;
    switch (message.status) {
      case "SUCCESS": {
        if (payload.fetchIdTokenOnly) throw new OAuthFailedError("A sign-in came back where only an id token was asked for");
        if (!message.bundle || !message.orgId) throw new OAuthFailedError("The answer has no credential bundle or organization");
        const claims = message.idToken ? decodeJwtClaims(message.idToken) : undefined;
        const user = await this.signer.completeWithBundle({
          bundle: message.bundle,
          orgId: message.orgId,
          sessionType: "oauth",
          isNewUser: message.isSignup === true || message.isSignup === "true",
          userExtras: {
            ...(message.idToken ? { idToken: message.idToken } : {}),
            ...(message.accessToken ? { accessToken: message.accessToken } : {}),
            ...(claims ? { claims } : {}),
          },
        });
        this.kit.events.emit("connectedOauth", user);
        return { status: "SUCCESS", user };
      }
      case "ACCOUNT_LINKING_CONFIRMATION_REQUIRED":
        return this.startLinking(message, providerName);
      case "MFA_REQUIRED": {
        // The user has a second factor: totp_verify completes the sign-in.
        const { orgId, encryptedPayload, multiFactors } = message;
        if (!orgId || !encryptedPayload || !multiFactors?.length) throw new OAuthFailedError("The MFA-required answer is incomplete");
        openSecondFactor(this.kit, { orgId, encryptedPayload, multiFactors, sessionType: "oauth" });
        return { status: "MFA_REQUIRED", multiFactors };
      }
      case "FETCHED_ID_TOKEN_ONLY":
        // Popup oauth must not return only an id token unless asked; a redirect must return a user.
        if (via === "redirect" || !payload.fetchIdTokenOnly || !message.idToken) throw new OAuthFailedError("Only an id token came back");
        return { status: "FETCHED_ID_TOKEN_ONLY", idToken: message.idToken, providerName, ...(message.accessToken ? { accessToken: message.accessToken } : {}) };
      default:
        throw new UnknownOauthStatusError(message.status);
    }
  }

  /**
   * The id token's email belongs to an existing user: the code sent to that email signs them in
   * (otp_verify, through the email plugin's listener), then the provider is added to the account.
   */
  private startLinking(message: OauthResultMessage, providerName: string): AccountLinkingPrompt {
    const { email, otpId, orgId, idToken, accessToken } = message;
    if (!email || !otpId || !orgId || !idToken) throw new OAuthFailedError("The account-linking answer is incomplete");
    const signer = this.signer;
    signer.sessions.setTemporary({ orgId, otpId, contact: email, isNewUser: false });
    signer.patchState({
      error: null,
      otpId,
      isNewUser: false,
      authLinkingStatus: { email, providerName, idToken, ...(accessToken ? { accessToken } : {}) },
    });
    this.pendingLink = { orgId, providerName, idToken, expiresAt: Date.now() + LINK_TTL_MS };
    this.kit.setStatus("AWAITING_OTP_AUTH");
    this.kit.events.emit("emailAuthLinkingRequired", { email, otpId, orgId, providerName });
    // Modal mode: the email plugin's listener has opened otp_verify. Embedded: show it here.
    if (this.kit.getStep().type !== "otp_verify" && this.kit.step("otp_verify").Screen) {
      this.kit.setStep({ type: "otp_verify", email, channel: "email", status: "base" });
    }
    return { status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED", email, otpId, orgId, providerName, idToken, ...(accessToken ? { accessToken } : {}) };
  }

  /** After the linking code signed the user in: add the provider (add-oauth-provider), refresh the list. */
  onConnected(user: User): void {
    const link = this.pendingLink;
    if (!link || user.orgId !== link.orgId) return;
    this.pendingLink = null;
    if (link.expiresAt < Date.now()) return;
    void this.addProviders([{ providerName: link.providerName, oidcToken: link.idToken }])
      .then(() => this.signer.listAuthMethods())
      .catch((error) => console.warn("[latch] adding the provider after account linking failed", error))
      .finally(() => this.signer.patchState({ authLinkingStatus: undefined }));
  }

  /** Forgets any pending account link and prepared sign-in. */
  onDisconnected(): void {
    this.pendingLink = null;
    this.resetPreparation();
  }

  /** add-oauth-provider, stamped by the session (after a step-up when the backend asks for one). */
  async addProviders(oauthProviders: Array<{ providerName: string; oidcToken: string }>, options: AbortOptions = {}): Promise<OauthProviderInfo[]> {
    const signer = this.signer;
    const user = signer.requireUser();
    // Linking needs a fresh proof when the sign-in is not recent (step-up): asked for, then sent again.
    return signer.stepUp(async () => {
      const stampedRequest = await signer.stampedRequest("submit/create_oauth_providers", {
        type: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS",
        timestampMs: this.signer.nextTimestampMs(),
        organizationId: user.orgId,
        parameters: { userId: user.userId, oauthProviders },
      }, undefined, options);
      return (await signer.client.request("add-oauth-provider", { stampedRequest }, options)).oauthProviders;
    }, options);
  }

  /** remove-oauth-provider, stamped by the session. */
  async removeProviders(providerIds: string[], options: AbortOptions = {}): Promise<void> {
    const signer = this.signer;
    const user = signer.requireUser();
    // Unlinking needs a fresh proof beside the session (step-up): asked for, then sent again.
    await signer.stepUp(async () => {
      const stampedRequest = await signer.stampedRequest("submit/delete_oauth_providers", {
        type: "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS",
        timestampMs: this.signer.nextTimestampMs(),
        organizationId: user.orgId,
        parameters: { userId: user.userId, providerIds },
      }, undefined, options);
      await signer.client.request("remove-oauth-provider", { stampedRequest }, options);
    }, options);
  }
}

function isResultMessage(data: unknown): data is OauthResultMessage {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  const message = data as Record<string, unknown>;
  return typeof message.status === "string" || typeof message.error === "string";
}

/** The page's URL without return parameters of an earlier attempt. */
function withoutReturnParams(href: string): string {
  const url = new URL(href);
  for (const name of Object.values(RETURN_PARAMS)) if (name.startsWith("latch-")) url.searchParams.delete(name);
  return url.toString();
}
