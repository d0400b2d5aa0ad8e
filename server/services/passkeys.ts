import { badRequest } from "../errors";
import type { ServerContext } from "../context";
import type { AuthenticatorRow } from "../store/authenticators";
import { wireTimestamp } from "./wireTimestamp";

/**
 * The origin a ceremony ran on, read from its clientDataJSON: it must be an app origin (configured,
 * or loopback in the dev profile). When the HTTP request carries an Origin, the ceremony must have
 * run on that same origin.
 */
export function ceremonyOrigin(ctx: ServerContext, clientDataJson: string, requestOrigin?: string): { origin: string; hostname: string } {
  let claimed: string;
  try {
    claimed = String((JSON.parse(Buffer.from(clientDataJson, "base64url").toString("utf8")) as { origin?: unknown }).origin);
  } catch {
    throw badRequest("INVALID_PASSKEY", "clientDataJson is not base64url JSON");
  }
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    throw badRequest("INVALID_PASSKEY", `The ceremony's origin ${claimed} is not a URL`);
  }
  if (url.origin !== claimed || !ctx.origins.isAppOrigin(claimed)) {
    throw badRequest("PASSKEY_ORIGIN_REFUSED", `Passkeys are accepted from the app origins only${ctx.origins.loopback ? " (and loopback origins)" : ""} (was ${claimed})`);
  }
  if (requestOrigin && requestOrigin !== "null" && requestOrigin !== claimed) {
    throw badRequest("PASSKEY_ORIGIN_REFUSED", `The passkey was made on ${claimed} but the request comes from ${requestOrigin}`);
  }
  return { origin: claimed, hostname: url.hostname.replace(/^\[|\]$/g, "") };
}

/** A passkey as key-management answers show it (list_authenticators, a user's authenticators). */
export function authenticatorJson(a: AuthenticatorRow) {
  return {
    authenticatorId: a.authenticatorId,
    authenticatorName: a.name,
    credentialId: a.credentialId,
    transports: a.transports.map((t) => `AUTHENTICATOR_TRANSPORT_${t.toUpperCase().replace(/-/g, "_")}`),
    attestationType: "none",
    createdAt: wireTimestamp(a.createdAt),
    updatedAt: wireTimestamp(a.createdAt),
  };
}
