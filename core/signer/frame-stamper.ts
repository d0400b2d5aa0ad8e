import { IframeStamper } from "@turnkey/iframe-stamper";
import { LatchError } from "../errors";
import type { Stamp, Stamper } from "./stamper";

export interface FrameStamperOptions {
  frameUrl: string;
  containerId: string;
  elementId: string;
  initTimeoutMs: number;
}

export class FrameTimeoutError extends LatchError {
  override name = "FrameTimeoutError";
}

/**
 * The auth frame: holds the session's API key in a sandboxed iframe and stamps with it. The key
 * never reaches the app. Created lazily, on the client only.
 */
export class FrameStamper implements Stamper {
  private stamper: IframeStamper | null = null;
  private ready: Promise<string> | null = null;

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

  async injectCredentialBundle(bundle: string): Promise<void> {
    await this.init();
    const ok = await this.stamper!.injectCredentialBundle(bundle);
    if (!ok) throw new LatchError("Failed to inject credential bundle");
  }

  async stamp(body: string): Promise<Stamp> {
    await this.init();
    return this.stamper!.stamp(body);
  }

  /** Forgets the session key held by the frame (logout). */
  async clear(): Promise<void> {
    if (!this.stamper) return;
    try {
      await this.stamper.clearEmbeddedKey();
    } finally {
      this.dispose();
    }
  }

  dispose(): void {
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
    this.stamper = new IframeStamper({ iframeUrl: frameUrl, iframeContainer: container, iframeElementId: elementId });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new FrameTimeoutError(`The auth frame at ${frameUrl} did not answer within ${initTimeoutMs} ms`)),
        initTimeoutMs,
      );
    });
    try {
      return await Promise.race([this.stamper.init(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
