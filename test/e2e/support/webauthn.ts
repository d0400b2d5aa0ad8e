import type { CDPSession, Page } from "playwright-core";

export interface VirtualAuthenticatorOptions {
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
  automaticPresenceSimulation?: boolean;
  /** The WebAuthn PRF extension (hmac-secret): the same credential and salt always answer the same 32 bytes. */
  hasPrf?: boolean;
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds (resident and not), with their sign counts. */
  credentials(): Promise<Array<{ credentialId: string; rpId?: string; signCount: number; isResidentCredential: boolean }>>;
  setUserVerified(isUserVerified: boolean): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A CDP virtual authenticator on the page (real WebAuthn ceremonies, no mocks): CTAP2.1, internal
 * transport, resident keys, user verification, presence simulated.
 */
export async function addVirtualAuthenticator(page: Page, options: VirtualAuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      ctap2Version: "ctap2_1",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: options.hasUserVerification ?? true,
      isUserVerified: options.isUserVerified ?? true,
      automaticPresenceSimulation: options.automaticPresenceSimulation ?? true,
      ...(options.hasPrf ? { hasPrf: true } : {}),
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    setUserVerified: async (isUserVerified) => {
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified });
    },
    remove: async () => {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}
