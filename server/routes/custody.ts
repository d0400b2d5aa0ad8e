import { Hono } from "hono";
import { type } from "arktype";
import { requests } from "../../wire/requests";
import type { ServerContext } from "../context";
import { notFound } from "../errors";
import { readBody } from "../validate";
import * as s from "../schemas";
import { findSigner } from "../store/users";
import { verifyStampedRequestWithStamp, type Operation, type StampedRequest } from "../services/stamps/verify";
import { acceptSplit, custodyState, openFrameSession, requireSecondFactor, reshareSource } from "../services/splitCustody";

const stampedOnly = requests["custody-state"];
const readBodyOf = type({ organizationId: s.uuid, "timestampMs?": "string | number" });
const splitBody = type({
  organizationId: s.uuid,
  timestampMs: "string | number",
  address: type(/^0x[0-9a-fA-F]{40}$/),
  solanaAddress: type(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  // A 2-of-3 split of at most 32 bytes of entropy sealed with its recovery box is about 1 KB: 16 KB is room, not a door.
  sealedShares: "0 < string <= 16384",
  challenge: type(/^[0-9a-f]{64}$/),
  proof: { evm: type(/^0x[0-9a-fA-F]{130}$/), solana: type(/^[0-9a-fA-F]{128}$/) },
});
const frameSessionBody = type({ organizationId: s.uuid, timestampMs: "string | number", targetPublicKey: s.targetPublicKey, "expirationSeconds?": s.expirationSeconds });

/** A stamped request of the user, with the frame key of the session that stamped it. */
async function verified<S extends typeof readBodyOf | typeof splitBody | typeof frameSessionBody>(ctx: ServerContext, request: StampedRequest, operation: Operation, schema: S) {
  const { body, stamp } = await verifyStampedRequestWithStamp(ctx, request, operation, schema);
  const signer = await findSigner(ctx.db, body.organizationId);
  if (!signer) throw notFound("USER_NOT_FOUND", `No user in organization ${body.organizationId}`);
  await requireSecondFactor(ctx, signer.orgId, stamp);
  return { body: body as S["infer"], signer, frameKey: stamp.frameKey, credential: stamp.credential };
}

/**
 * Split custody (docs/ARCHITECTURE.md, SECURITY.md): the wallet's custody and its frame's shares
 * at sign-in, the entropy of a wallet the server still holds for the frame to split, the
 * frame's split, and a frame session for a session stamped by a passkey. Every answer that carries a secret is sealed to the stamping session's frame key.
 */
export function custodyRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/custody-state", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { signer, frameKey, credential } = await verified(ctx, stampedRequest, "query/custody_state", readBodyOf);
    return c.json(await custodyState(ctx, signer, { frameKey, credential }));
  });

  app.post("/custody-reshare-source", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { signer, frameKey, credential } = await verified(ctx, stampedRequest, "submit/custody_reshare_source", readBodyOf);
    return c.json(await reshareSource(ctx, signer, { frameKey, credential }));
  });

  app.post("/custody-split", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { body, signer, credential } = await verified(ctx, stampedRequest, "submit/custody_split", splitBody);
    return c.json(await acceptSplit(ctx, signer, { ...body, proof: { evm: body.proof.evm as `0x${string}`, solana: body.proof.solana } }, credential));
  });

  // A passkey session stamps with the passkey and has no frame key: it asks for one here, once.
  app.post("/custody-frame-session", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { body, signer, credential } = await verified(ctx, stampedRequest, "submit/custody_frame_session", frameSessionBody);
    return c.json(await openFrameSession(ctx, signer, credential, body));
  });

  return app;
}
