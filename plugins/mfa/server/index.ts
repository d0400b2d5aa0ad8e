// The mfa method's server part: TOTP factors — add, verify, list, delete (stamped by the user) —
// and the second step of a sign-in that asked for one (`auth-validate-multi-factors`).
// Server-only: the kit's entries never import it.
import { Hono } from "hono";
import { randomUUID } from "node:crypto";
import { requests } from "../../../wire/requests";
import { MFA_ACTIONS, MFA_FACTOR_TYPE } from "../../../wire/constants";
import {
  badRequest,
  bytesToHex,
  checkFactorCode,
  checkFactorCodes,
  claimOnce,
  clientAddress,
  deleteFactors,
  deleteUnverifiedFactors,
  forbidden,
  hexToBytes,
  insertFactor,
  isTotp,
  listFactors,
  newTotpSecret,
  notFound,
  openPendingSignIn,
  openSession,
  payloadHash,
  readBody,
  requireUser,
  schemas as s,
  totpUrl,
  utf8,
  verifyStampedRequest,
  type ServerContext,
  type ServerMethod,
  type StampedRequest,
} from "../../../server/method-kit";

const requestBody = requests["auth-request-multi-factor"];
const verifyBody = requests["auth-verify-multi-factor"];
const listBody = requests["auth-list-multi-factors"];
const deleteBody = requests["auth-delete-multi-factors"];
const validateBody = requests["auth-validate-multi-factors"];

type MfaAction = (typeof MFA_ACTIONS)[keyof typeof MFA_ACTIONS];

export const mfaServer: ServerMethod = { id: "mfa", routes: mfaRoutes };

function mfaRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/auth-request-multi-factor", async (c) => {
    const request = await readBody(c, requestBody);
    if (!isTotp(request.multiFactorType)) throw badRequest("UNSUPPORTED_MFA_FACTOR_TYPE", "Unsupported MFA factor type");
    const user = await requireUser(ctx, await authorize(ctx, request.stampedRequest, MFA_ACTIONS.add));
    const id = randomUUID();
    const secret = newTotpSecret();
    await ctx.db.transaction(async (tx) => {
      await deleteUnverifiedFactors(tx, user.orgId);
      await insertFactor(tx, { id, orgId: user.orgId, type: MFA_FACTOR_TYPE, sealedSecret: ctx.secrets.seal("totp-at-rest", secret, id) }, ctx.now());
    });
    return c.json({
      multiFactorType: MFA_FACTOR_TYPE,
      multiFactorId: id,
      multiFactorTotpUrl: totpUrl(secret, user.email ?? user.phone ?? user.userId),
    });
  });

  app.post("/auth-verify-multi-factor", async (c) => {
    const request = await readBody(c, verifyBody);
    const orgId = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.verify);
    const code = { multiFactorId: request.multiFactorId, multiFactorCode: request.multiFactorCode };
    await checkFactorCode(ctx, orgId, code, { client: clientAddress(c) }, true);
    return c.json({ multiFactors: await listFactors(ctx.db, orgId) });
  });

  app.post("/auth-list-multi-factors", async (c) => {
    const request = await readBody(c, listBody);
    const orgId = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.list);
    return c.json({ multiFactors: await listFactors(ctx.db, orgId) });
  });

  app.post("/auth-delete-multi-factors", async (c) => {
    const request = await readBody(c, deleteBody);
    const orgId = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.delete);
    const multiFactors = await ctx.db.transaction(async (tx) => {
      const deleted = await deleteFactors(tx, orgId, request.multiFactorIds);
      const missing = request.multiFactorIds.filter((id) => !deleted.includes(id));
      if (missing.length > 0) throw notFound("MFA_FACTOR_NOT_FOUND", `No such factor: ${missing.join(", ")}`);
      return listFactors(tx, orgId);
    });
    return c.json({ multiFactors });
  });

  app.post("/auth-validate-multi-factors", async (c) => {
    const request = await readBody(c, validateBody);
    const pending = openPendingSignIn(ctx, request.encryptedPayload);
    await checkFactorCodes(ctx, pending.orgId, request.multiFactors, { client: clientAddress(c), context: payloadHash(request.encryptedPayload) });
    if (!(await claimOnce(ctx.db, payloadHash(request.encryptedPayload), pending.expiresAt))) {
      throw badRequest("ENCRYPTED_PAYLOAD_USED", "This encryptedPayload was already used; sign in again");
    }
    const credentialBundle = await openSession(ctx, pending.orgId, pending.targetPublicKey, pending.expirationSeconds);
    return c.json({ payload: { credentialBundle }, multiFactors: await listFactors(ctx.db, pending.orgId) });
  });

  return app;
}

/** MFA calls are stamped sign_raw_payload requests whose payload is the action name; returns the organisation. */
async function authorize(ctx: ServerContext, stampedRequest: StampedRequest, action: MfaAction): Promise<string> {
  const actionBody = s.rawPayloadBody.narrow((body, check) =>
    bytesToHex(hexToBytes(body.parameters.payload)) === bytesToHex(utf8(action))
      ? true
      : check.reject({ path: ["parameters", "payload"], expected: `the hex of "${action}" for this route` }),
  );
  const body = await verifyStampedRequest(ctx, stampedRequest, "submit/sign_raw_payload", actionBody);
  const user = await requireUser(ctx, body.organizationId);
  const signWith = body.parameters.signWith;
  if (signWith.toLowerCase() !== user.address.toLowerCase() && signWith !== user.solanaAddress) {
    throw forbidden("SIGN_WITH_NOT_OWNED", `signWith ${signWith} is not a wallet of organization ${user.orgId}`);
  }
  return user.orgId;
}
