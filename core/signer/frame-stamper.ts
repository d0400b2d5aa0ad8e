import { IframeStamper } from "@turnkey/iframe-stamper";
import { LatchError } from "../errors";
import type { Stamp, Stamper } from "./stamper";

/** Where the auth frame is loaded from and where it goes in the page. */
export interface FrameStamperOptions {
  frameUrl: string;
  containerId: string;
  elementId: string;
  initTimeoutMs: number;
  /**
   * Where the app keeps the frame's sealed key (sealed in the frame) when the browser blocks the frame's own
   * storage (third-party storage blocked), so a reload can hand it back. Without it, such a
   * browser signs the user out on reload.
   */
  sealedKey?: SealedFrameKeyStore;
}

export interface SealedFrameKeyStore {
  get(): string | null;
  /** null: the frame forgot its key. */
  set(sealed: string | null): void;
}

/** The frame's message carrying its sealed key, and the fragment parameter that hands it back. */
const SEALED_KEY_MESSAGE = "LATCH_SEALED_FRAME_KEY";
const SEALED_KEY_PARAM = "latch-sealed-key";

/** The request channel of `IframeStamper` (declared private there; it answers any message type by requestId). */
interface FrameRequests {
  createRequest<T>(type: string, payload: Record<string, unknown>): Promise<T>;
}

/** The signer frame did not answer in time. */
export class FrameTimeoutError extends LatchError {
  override readonly name = "FrameTimeoutError" as const;
}

/** A frame's `init()` (its public key), or a {@link FrameTimeoutError} with `message` after `ms`. */
export async function initFrameWithin(frame: IframeStamper, ms: number, message: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FrameTimeoutError(message)), ms);
  });
  try {
    return await Promise.race([frame.init(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The auth frame: holds the session's API key in a sandboxed iframe and stamps with it. The key
 * never reaches the app. Created lazily, on the client only.
 */
export class FrameStamper implements Stamper {
  /** Its stamps come from the session's API key (logout revokes it). */
  readonly sessionKey = true;
  private stamper: IframeStamper | null = null;
  private ready: Promise<string> | null = null;
  private detachSealedKeyListener: (() => void) | null = null;

  constructor(private readonly options: FrameStamperOptions) {}

  /** The frame's public key (uncompressed hex), initialising the frame on first use. */
  init(): Promise<string> {
    this.ready ??= this.start().catch((error) => {
      this.ready = null;
      this.dispose();
      throw error;
    });
    return this.ready;
  }

  /** Gives the frame the credential bundle the backend sent (sign-in by email, OAuth, …). */
  async injectCredentialBundle(bundle: string): Promise<void> {
    await this.init();
    const ok = await this.stamper!.injectCredentialBundle(bundle);
    if (!ok) throw new LatchError("Failed to inject credential bundle");
  }

  /** Signs a request body with the frame's key. */
  async stamp(body: string): Promise<Stamp> {
    await this.init();
    return this.stamper!.stamp(body);
  }

  /**
   * A request of the frame's own protocol (split custody's LATCH_CUSTODY_* messages): settles with
   * the frame's answer, or rejects with its ERROR. It goes through the stamper's request channel
   * (requestId, pending map), which the stamper keeps for its own requests and does not export.
   */
  async command<T>(type: string, value: Record<string, unknown>): Promise<T> {
    await this.init();
    return (this.stamper as unknown as FrameRequests).createRequest<T>(type, { value });
  }

  /** Forgets the session key held by the frame (logout); the next frame starts with a new embedded key. */
  async clear(): Promise<void> {
    this.options.sealedKey?.set(null);
    if (!this.stamper) return;
    try {
      await this.stamper.clearEmbeddedKey();
    } finally {
      this.dispose();
    }
  }

  /**
   * Whether the frame's key lives in the app's storage (the sealed copy the frame handed over because
   * its own storage is blocked), so whoever holds that storage holds the key: the session the kit
   * keeps beside it is narrowed to signing.
   */
  get keyKeptByApp(): boolean {
    return Boolean(this.options.sealedKey?.get());
  }

  /** Removes the frame and its listeners. */
  dispose(): void {
    this.detachSealedKeyListener?.();
    this.detachSealedKeyListener = null;
    this.stamper?.clear();
    this.stamper = null;
    this.ready = null;
  }

  private async start(): Promise<string> {
    const { frameUrl, containerId, elementId, initTimeoutMs } = this.options;
    let container = document.getElementById(containerId);
    if (!container) {
      container = document.createElement("div");
      container.id = containerId;
      container.style.display = "none";
      document.body.appendChild(container);
    }
    document.getElementById(elementId)?.remove();
    this.stamper = new IframeStamper({ iframeUrl: this.frameUrlWithSealedKey(), iframeContainer: container, iframeElementId: elementId });
    // Split custody's passkey recovery runs its WebAuthn ceremony in the frame (the page never sees the PRF output).
    this.stamper.iframe.allow = "clipboard-write; publickey-credentials-get";
    this.listenForSealedKey(this.stamper.iframe);
    return initFrameWithin(this.stamper, initTimeoutMs, `The auth frame at ${frameUrl} did not answer within ${initTimeoutMs} ms`);
  }

  private frameUrlWithSealedKey(): string {
    const sealed = this.options.sealedKey?.get();
    if (!sealed) return this.options.frameUrl;
    const url = new URL(this.options.frameUrl);
    url.hash = new URLSearchParams({ [SEALED_KEY_PARAM]: sealed }).toString();
    return url.toString();
  }

  private listenForSealedKey(iframe: HTMLIFrameElement): void {
    const store = this.options.sealedKey;
    if (!store) return;
    const frameOrigin = new URL(this.options.frameUrl).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== frameOrigin) return;
      const data = event.data as { type?: unknown; value?: unknown } | null;
      if (data?.type !== SEALED_KEY_MESSAGE) return;
      if (data.value === null || typeof data.value === "string") store.set(data.value);
    };
    window.addEventListener("message", onMessage);
    this.detachSealedKeyListener = () => window.removeEventListener("message", onMessage);
  }
}
