// The passkey method's server part: sign-up with a passkey (`signup` with `{passkey}`), and the
// key-management operations that list, add, rename and remove a signed-in user's passkeys. Passkey
// sign-in itself is a whoami stamped by the passkey (the engine's stamped-request verification).
// Server-only: the kit's entries never import it.
import type { Context } from "hono";
import {
  conflict,
  deleteAuthenticators,
  findUserByContact,
  forbidden,
  listAuthenticators,
  lockUser,
  notFound,
  prepareAccount,
  renameAuthenticator,
  requireSignInMethodLeft,
  saveAccount,
  schemas as s,
  validate,
  authenticatorJson,
  type ServerContext,
  keyOperation,
  type KeyOperation,
  type ServerMethod,
  type UserRow,
} from "../../../server/method-kit";
import { requests } from "../../../wire/requests";
import { operationRequests } from "../../../wire/operation-requests";
import { savePasskey, verifyPasskeyAttestation, type VerifiedPasskey } from "./attestation";
import { passkeyName } from "../../../wire/passkey-name";
import { passkeyMigrations } from "./migrations";

const passkeySignUpBody = requests["passkey-sign-up"];

const listBody = operationRequests["query/list_authenticators"];
const createBody = operationRequests["submit/create_authenticators"];
const deleteBody = operationRequests["submit/delete_authenticators"];
const renameBody = operationRequests["submit/update_authenticator_name"];

const listAuthenticatorsOperation = keyOperation(listBody, async (_c, ctx, body, user) => {
  requireSameUser(user, body.userId);
  const rows = await listAuthenticators(ctx.db, user.orgId);
  return { authenticators: rows.map(authenticatorJson) };
});

const operations: Record<string, KeyOperation> = {
  "query/list_authenticators": listAuthenticatorsOperation,
  // Turnkey's own name for the same read (TurnkeyClient.getAuthenticators, used by Account Kit's SDK).
  "query/get_authenticators": listAuthenticatorsOperation,
  // Adding a way in needs a fresh proof (step-up) too: a stolen session must not leave with a passkey of its own.
  "submit/create_authenticators": keyOperation(createBody, async (c, ctx, body, user, record) => {
    requireSameUser(user, body.parameters.userId);
    const verified: Array<{ name: string; passkey: VerifiedPasskey }> = [];
    for (const entry of body.parameters.authenticators) {
      verified.push({ name: entry.authenticatorName, passkey: await verifyPasskeyAttestation(ctx, entry, c.req.header("Origin")) });
    }
    const activity = await ctx.db.transaction(async (tx) => {
      const authenticatorIds: string[] = [];
      for (const { name, passkey } of verified) authenticatorIds.push(await savePasskey(tx, ctx, user.orgId, passkey, name));
      // Answers PENDING once before COMPLETED, so clients' activity polling is exercised.
      return record(tx, { type: body.type, orgId: user.orgId, result: { createAuthenticatorsResult: { authenticatorIds } }, pendingPolls: 1 });
    });
    return { activity };
  }, { stepUp: true }),
  "submit/update_authenticator_name": keyOperation(renameBody, async (_c, ctx, body, user, record) => {
    requireSameUser(user, body.parameters.userId);
    const { authenticatorId, authenticatorName } = body.parameters;
    const activity = await ctx.db.transaction(async (tx) => {
      if (!(await renameAuthenticator(tx, user.orgId, authenticatorId, authenticatorName))) {
        throw notFound("AUTHENTICATOR_NOT_FOUND", `No such passkey in organization ${user.orgId}: ${authenticatorId}`);
      }
      return record(tx, { type: body.type, orgId: user.orgId, result: { updateAuthenticatorNameResult: { authenticatorId } } });
    });
    return { activity };
  }),
  "submit/delete_authenticators": keyOperation(deleteBody, async (_c, ctx, body, user, record) => {
    requireSameUser(user, body.parameters.userId);
    const ids = body.parameters.authenticatorIds;
    const activity = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.orgId);
      const deleted = await deleteAuthenticators(tx, user.orgId, ids);
      const missing = ids.filter((id) => !deleted.includes(id));
      if (missing.length > 0) throw notFound("AUTHENTICATOR_NOT_FOUND", `No such passkey in organization ${user.orgId}: ${missing.join(", ")}`);
      await requireSignInMethodLeft(ctx, tx, user.orgId);
      return record(tx, { type: body.type, orgId: user.orgId, result: { deleteAuthenticatorsResult: { authenticatorIds: deleted } } });
    });
    return { activity };
  }, { stepUp: true }),
};

export const passkeyServer: ServerMethod = {
  id: "passkey",
  signUp: { names: "passkey", accepts: (raw) => typeof raw === "object" && raw !== null && "passkey" in raw, handle: signUp },
  operations,
  migrations: passkeyMigrations,
};

/**
 * `signup` with `{passkey: {challenge, attestation}, email?}`: the attestation is verified, then the
 * user and wallet are created as for an email sign-up, with the passkey as their first authenticator.
 * An email (optional) is stored on the new user; one that belongs to a user already is refused.
 */
async function signUp(c: Context, raw: unknown, ctx: ServerContext) {
  const request = validate(passkeySignUpBody, raw);
  const email = request.email === undefined ? undefined : s.normalizeEmail(request.email);
  if (email && (await findUserByContact(ctx.db, { email }))) {
    throw conflict("USER_EXISTS", "A user with this email already exists; sign in instead");
  }
  const passkey = await verifyPasskeyAttestation(ctx, request.passkey, c.req.header("Origin"));
  const account = await prepareAccount(ctx, email ? { email } : {});
  await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    // Named after the browser and system that made it and the day ('Chrome on Linux, 26 Nov 2026').
    await savePasskey(tx, ctx, account.user.orgId, passkey, passkeyName(c.req.header("User-Agent"), ctx.now()));
  });
  ctx.observer.signIn("passkey");
  const { user } = account;
  return { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress };
}

function requireSameUser(user: UserRow, userId: string | undefined): void {
  if (userId !== undefined && userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${userId} is not the user of organization ${user.orgId}`);
}
