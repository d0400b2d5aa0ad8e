import { getEmbeddedSigner, type Kit } from "latch-kit";

/** What the tab that followed an email link tells this kit's other tabs: the link's sign-in. */
interface LinkSignIn {
  type: "email-link-signed-in";
  bundle: string;
  orgId: string;
  isNewUser: boolean;
}

const channelName = (kit: Kit) => `latch:${kit.id}:email-link`;

const isLinkSignIn = (data: unknown): data is LinkSignIn =>
  typeof data === "object" &&
  data !== null &&
  (data as LinkSignIn).type === "email-link-signed-in" &&
  typeof (data as LinkSignIn).bundle === "string" &&
  typeof (data as LinkSignIn).orgId === "string";

/**
 * Tabs of one origin and kit following one email link: the tab the link opened in signs in and
 * announces it; a tab still on 'check your email' (status AWAITING_EMAIL_AUTH) completes with the
 * same bundle (sealed to the frame key every tab of this browser shares), and its dialog completes.
 * BroadcastChannel reaches the other tabs whatever the session storage is (local, cookies, custom).
 */
export class LinkAcrossTabs {
  private channel: BroadcastChannel | null = null;

  constructor(private readonly kit: Kit) {}

  /** Client side: starts listening (once). */
  listen(): void {
    if (this.channel || typeof BroadcastChannel === "undefined") return;
    this.channel = new BroadcastChannel(channelName(this.kit));
    this.channel.onmessage = (event: MessageEvent) => {
      if (isLinkSignIn(event.data)) void this.follow(event.data);
    };
  }

  /** Tells the kit's other tabs that the link signed in here. */
  announce(signIn: Omit<LinkSignIn, "type">): void {
    this.channel?.postMessage({ type: "email-link-signed-in", ...signIn } satisfies LinkSignIn);
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }

  private async follow(signIn: LinkSignIn): Promise<void> {
    // Only a tab waiting for this link follows (not one signed in already, nor one doing something else).
    if (this.kit.getStatus() !== "AWAITING_EMAIL_AUTH") return;
    try {
      await getEmbeddedSigner(this.kit).completeWithBundle({ bundle: signIn.bundle, orgId: signIn.orgId, sessionType: "email", isNewUser: signIn.isNewUser });
    } catch (error) {
      // This tab keeps waiting (its dialog still offers resend); the other tab is signed in.
      console.warn("[latch] following the email link's sign-in from another tab failed", error);
    }
  }
}
