// The mfa method's server part: TOTP factors — add, verify, list, delete (stamped by the user) —
// and the second step of a sign-in that asked for one (`auth-validate-multi-factors`).
// Server-only: the kit's entries never import it.
import { randomUUID } from "node:crypto";
import { requests } from "../../../wire/requests";
import { MFA_ACTIONS, MFA_FACTOR_TYPE } from "../../../wire/constants";
import { mfaMigrations } from "./migrations";
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
  post,
  requireUser,
  schemas as s,
  totpUrl,
  utf8,
  recordFreshProof,
  requireFreshProof,
  verifyStampedRequestWithStamp,
  type ServerContext,
  type VerifiedStamp,
  type ServerMethod,
  type StampedRequest,
} from "../../../server/method-kit";

const requestBody = requests["auth-request-multi-factor"];
const verifyBody = requests["auth-verify-multi-factor"];
const listBody = requests["auth-list-multi-factors"];
const deleteBody = requests["auth-delete-multi-factors"];
const validateBody = requests["auth-validate-multi-factors"];

type MfaAction = (typeof MFA_ACTIONS)[keyof typeof MFA_ACTIONS];

const mfaRoutes = [
  post("/auth-request-multi-factor", requestBody, async (c, request, ctx) => {
    if (!isTotp(request.multiFactorType)) throw badRequest("UNSUPPORTED_MFA_FACTOR_TYPE", "Unsupported MFA factor type");
    const { orgId, stamp } = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.add);
    const user = await requireUser(ctx, orgId);
    // Enrolling or replacing a factor: the stolen session alone must not add or swap in the thief's
    // (an attacker's first factor would then gate the owner).
    await requireFreshProof(ctx, orgId, stamp);
    const id = randomUUID();
    const secret = newTotpSecret();
    await ctx.db.transaction(async (tx) => {
      await deleteUnverifiedFactors(tx, user.orgId);
      await insertFactor(tx, { id, orgId: user.orgId, type: MFA_FACTOR_TYPE, sealedSecret: ctx.secrets.seal("totp-at-rest", secret, id) }, ctx.now());
    });
    return {
      multiFactorType: MFA_FACTOR_TYPE,
      multiFactorId: id,
      multiFactorTotpUrl: totpUrl(secret, user.email ?? user.phone ?? user.userId),
    };
  }),

  post("/auth-verify-multi-factor", verifyBody, async (c, request, ctx) => {
    const { orgId, stamp } = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.verify);
    const code = { multiFactorId: request.multiFactorId, multiFactorCode: request.multiFactorCode };
    const enrolled = (await listFactors(ctx.db, orgId)).some((f) => f.multiFactorId === request.multiFactorId);
    await checkFactorCode(ctx, orgId, code, { client: clientAddress(c) }, true);
    // A code of a factor verified before is a fresh proof for this session (Account Kit's SDK steps up
    // this way: verifyMfa, then the change); finishing the enrolment of a new one is not.
    if (enrolled) await recordFreshProof(ctx, orgId, stamp);
    return { multiFactors: await listFactors(ctx.db, orgId) };
  }),

  post("/auth-list-multi-factors", listBody, async (c, request, ctx) => {
    const { orgId } = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.list);
    return { multiFactors: await listFactors(ctx.db, orgId) };
  }),

  post("/auth-delete-multi-factors", deleteBody, async (c, request, ctx) => {
    const { orgId, stamp } = await authorize(ctx, request.stampedRequest, MFA_ACTIONS.delete);
    await requireFreshProof(ctx, orgId, stamp);
    const multiFactors = await ctx.db.transaction(async (tx) => {
      const deleted = await deleteFactors(tx, orgId, request.multiFactorIds);
      const missing = request.multiFactorIds.filter((id) => !deleted.includes(id));
      if (missing.length > 0) throw notFound("MFA_FACTOR_NOT_FOUND", `No such factor: ${missing.join(", ")}`);
      return listFactors(tx, orgId);
    });
    return { multiFactors };
  }),

  post("/auth-validate-multi-factors", validateBody, async (c, request, ctx) => {
    const pending = openPendingSignIn(ctx, request.encryptedPayload);
    await checkFactorCodes(ctx, pending.orgId, request.multiFactors, { client: clientAddress(c), context: payloadHash(request.encryptedPayload) });
    if (!(await claimOnce(ctx.db, payloadHash(request.encryptedPayload), pending.expiresAt))) {
      throw badRequest("ENCRYPTED_PAYLOAD_USED", "This encryptedPayload was already used; sign in again");
    }
    const credentialBundle = await openSession(ctx, pending.orgId, pending.targetPublicKey, pending.expirationSeconds, { secondFactor: true, signIn: true });
    return { payload: { credentialBundle }, multiFactors: await listFactors(ctx.db, pending.orgId) };
  }),
];

export const mfaServer: ServerMethod = { id: "mfa", routes: mfaRoutes, migrations: mfaMigrations };

/** Whether a payload names the action: its hex (the kit's stamp) or the name itself (Account Kit's SDK stamps it as is). */
function namesAction(payload: string, action: MfaAction): boolean {
  if (payload === action) return true;
  if (!/^(0x)?([0-9a-fA-F]{2})*$/.test(payload)) return false;
  return bytesToHex(hexToBytes(payload)) === bytesToHex(utf8(action));
}

/** MFA calls are stamped sign_raw_payload requests whose payload is the action name; answers the organisation and the stamp. */
async function authorize(ctx: ServerContext, stampedRequest: StampedRequest, action: MfaAction): Promise<{ orgId: string; stamp: VerifiedStamp }> {
  const actionBody = s.mfaActionBody.narrow((body, check) =>
    namesAction(body.parameters.payload, action)
      ? true
      : check.reject({ path: ["parameters", "payload"], expected: `"${action}" or its hex for this route` }),
  );
  // Stamped as a signature, but listing is the only read: the others change the user's factors (a sign-only session may not).
  const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, "submit/sign_raw_payload", actionBody, { capability: action === MFA_ACTIONS.list ? "sign" : "manage" });
  const user = await requireUser(ctx, body.organizationId);
  const signWith = body.parameters.signWith;
  if (signWith.toLowerCase() !== user.address.toLowerCase() && signWith !== user.solanaAddress) {
    throw forbidden("SIGN_WITH_NOT_OWNED", `signWith ${signWith} is not a wallet of organization ${user.orgId}`);
  }
  return { orgId: user.orgId, stamp };
}
