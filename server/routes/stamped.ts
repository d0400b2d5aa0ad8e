import { Hono } from "hono";
import { type } from "arktype";
import { DEFAULT_ROOT_ORG_ID } from "../../wire/constants";
import { requests } from "../../wire/requests";
import type { EmulatorContext } from "../context";
import { forbidden } from "../errors";
import { readBody } from "../validate";
import * as s from "../schemas";
import { rawPayloadBody } from "../schemas";
import { hexToBytes, strip0x } from "../crypto/encoding";
import { signEvmHash, signSolanaMessage } from "../crypto/wallet";
import { signingKeyOf } from "../services/walletAccounts";
import { verifyStampedUserRequest } from "../services/stamps/verify";

const stampedOnly = requests.whoami;

/** A passkey sign-in names the root organisation before the user is known: the credential decides. */
const whoamiBody = type({ organizationId: s.uuid.or(type.unit(DEFAULT_ROOT_ORG_ID)), "timestampMs?": "string | number" });

/** sign_raw_payload's body: a NO_OP payload must be a 32-byte hash (the key-management route takes it too). */
export const signRawPayloadBody = rawPayloadBody.narrow((body, check) =>
  body.parameters.hashFunction !== "HASH_FUNCTION_NO_OP" || strip0x(body.parameters.payload).length === 64
    ? true
    : check.reject({ path: ["parameters", "payload"], expected: "a 32-byte hash (64 hex digits) for HASH_FUNCTION_NO_OP" }),
);

/** Calls acting for a signed-in user, authorised by a stamp over the body. */
export function stampedRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.post("/whoami", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { signer: user } = await verifyStampedUserRequest(ctx, stampedRequest, "query/whoami", whoamiBody);
    // A whoami stamped by a passkey is a passkey sign-in (sessions are stamped by their API key).
    if (stampedRequest.stamp.stampHeaderName.toLowerCase() === "x-stamp-webauthn") ctx.observer.signIn("passkey");
    return c.json({
      orgId: user.orgId,
      userId: user.userId,
      address: user.address,
      solanaAddress: user.solanaAddress,
      ...(user.email ? { email: user.email } : {}),
      ...(user.phone ? { phone: user.phone } : {}),
    });
  });

  app.post("/sign-payload", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { body, signer: user } = await verifyStampedUserRequest(ctx, stampedRequest, "submit/sign_raw_payload", signRawPayloadBody);
    const { hashFunction, payload, signWith } = body.parameters;
    if (hashFunction === "HASH_FUNCTION_NO_OP") {
      const key = await signingKeyOf(ctx, user, signWith, "evm");
      if (!key) throw notOwned(signWith, user.orgId, "an EVM address");
      return c.json({ signature: await signEvmHash(key, `0x${strip0x(payload)}`) });
    }
    const key = await signingKeyOf(ctx, user, signWith, "solana");
    if (!key) throw notOwned(signWith, user.orgId, "a Solana address");
    return c.json({ signature: signSolanaMessage(key, hexToBytes(payload)) });
  });

  return app;
}

function notOwned(signWith: string, orgId: string, kind: string) {
  return forbidden("SIGN_WITH_NOT_OWNED", `signWith ${signWith} is not ${kind} of a wallet of organization ${orgId}`);
}
