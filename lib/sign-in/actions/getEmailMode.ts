import { defineService, getEmbeddedSigner, type EmailMode, type Kit } from "latch-kit";

const emailModeCache = defineService("sign-in.EmailMode", { create: () => ({ pending: null as Promise<EmailMode> | null }) });

/** The email mode: the kit's `signer.emailMode` if set, else the backend's signer-config (default code). */
export function getEmailMode(kit: Kit): Promise<EmailMode> {
  const signer = getEmbeddedSigner(kit);
  const configured = signer.config.emailMode;
  if (configured) return Promise.resolve(configured);
  const cache = emailModeCache.of(kit);
  cache.pending ??= signer.client
    .request("signer-config", {})
    .then((c) => (c.email?.mode === "MAGIC_LINK" ? ("magicLink" as const) : ("otp" as const)))
    .catch((error) => {
      cache.pending = null;
      throw error;
    });
  return cache.pending;
}
