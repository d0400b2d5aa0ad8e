/**
 * The postMessage protocol of @turnkey/iframe-stamper, shared by the export and import frames
 * (browser code): the parent's TURNKEY_INIT_MESSAGE_CHANNEL hands over a MessagePort, the frame
 * announces its public key as PUBLIC_KEY_READY, then answers each request (with its requestId) by
 * what `handle` settles to, or ERROR with the reason.
 */

/** A request from the parent: its type, value and the fields some requests carry. */
export type FrameMessage = { type?: unknown; value?: unknown; requestId?: unknown; organizationId?: unknown; userId?: unknown; keyFormat?: unknown };

type Post = (message: Record<string, unknown>) => void;

export function serveFrameMessages(handle: (message: FrameMessage) => Promise<[string, unknown]>, publicKeyHex: Promise<string>): void {
  let port: MessagePort | null = null;

  const respond = (message: FrameMessage, post: Post): void => {
    const requestId = typeof message.requestId === "string" && message.requestId ? message.requestId : undefined;
    const reply = (type: string, value: unknown) => post(requestId ? { type, value, requestId } : { type, value });
    handle(message).then(
      ([type, value]) => reply(type, value),
      (error: unknown) => reply("ERROR", String(error instanceof Error ? error.message : error)),
    );
  };

  void publicKeyHex.then((value) => {
    // Older stampers listen on the window; newer ones take PUBLIC_KEY_READY from the channel below.
    if (window.parent !== window) window.parent.postMessage({ type: "PUBLIC_KEY_READY", value }, "*");
  });

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const message = (event.data ?? {}) as FrameMessage;
    if (message.type === "TURNKEY_INIT_MESSAGE_CHANNEL" && event.ports[0] && !port) {
      const channel = event.ports[0];
      port = channel;
      channel.onmessage = (e: MessageEvent) => respond((e.data ?? {}) as FrameMessage, (m) => channel.postMessage(m));
      void publicKeyHex.then((value) => channel.postMessage({ type: "PUBLIC_KEY_READY", value }));
      return;
    }
    if (port) return;
    respond(message, (m) => (event.source as WindowProxy).postMessage(m, event.origin));
  });
}
