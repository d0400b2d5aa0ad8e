import { randomUUID } from "node:crypto";
import { readBodyText } from "../middleware/bodyLimit";
import { Hono, type Context } from "hono";
import { keyOperation, type ActivityRecorder, type KeyOperation } from "../method";
import { operationRequests } from "../../wire/operation-requests";
import type { ServerContext } from "../context";
import { forbidden, notFound, unauthorized } from "../errors";
import { bytesToHex, hexToBytes, strip0x } from "../crypto/encoding";
import { signRawPayloadBody } from "./stamped";
import { sealExportBundle } from "../crypto/exportBundle";
import { insertActivity, pollActivity, type ActivityRow } from "../store/activities";
import type { SignerRow } from "../store/users";
import type { Sql } from "../db/sql";
import { API_KEY_STAMP_HEADER } from "../services/stamps/apiKeyStamp";
import { verifyStampedUserRequest, type StampedRequest } from "../services/stamps/verify";
import { WEBAUTHN_STAMP_HEADER } from "../services/stamps/webauthnStamp";
import { signPayloadAs } from "../services/signPayload";
import { accountKeyOf, createWalletAccounts, listAccounts, listWallets, mnemonicOfWallet, requireWallet } from "../services/walletAccounts";
import { importWallet, initImport } from "../services/walletImport";
import { signingKeysOfSigner } from "../services/accounts";
import { apiKeyOperations } from "../services/apiKeys";
import { userReadOperations } from "../services/userReads";
import { wireTimestamp } from "../services/wireTimestamp";
import { requireSecondFactor, splitExportSecret } from "../services/splitCustody";
import { requireFreshProof } from "../services/stepUp";

/** Where the kit calls the key-management API directly: `POST /public/v1/{query|submit}/<op>`. */
export const KEY_MANAGEMENT_PREFIX = "/public/v1";

// The bodies are the wire's (wire/operation-requests.ts); sign_raw_payload's is narrowed as the signer route's.
const w = operationRequests;

/** The engine's own operations (a method's are in its `operations`). */
const engineOperations: Record<string, KeyOperation> = {
  "query/whoami": keyOperation(w["query/whoami"], async (_c, _ctx, _body, user) => ({
    organizationId: user.orgId,
    organizationName: `Latch user ${user.userId}`,
    userId: user.userId,
    username: user.email ?? user.phone ?? user.userId,
  })),

  "query/get_activity": keyOperation(w["query/get_activity"], async (_c, ctx, body, user) => {
    const row = await pollActivity(ctx.db, user.orgId, body.activityId, ctx.now());
    if (!row) throw notFound("ACTIVITY_NOT_FOUND", `No activity ${body.activityId} in organization ${user.orgId}`);
    return { activity: activityJson(row) };
  }),

  "query/list_wallets": keyOperation(w["query/list_wallets"], async (_c, ctx, _body, user) => ({ wallets: await listWallets(ctx, user) })),

  "query/list_wallet_accounts": keyOperation(w["query/list_wallet_accounts"], async (_c, ctx, body, user) => ({
    accounts: await listAccounts(ctx, user, await requireWallet(ctx, user, body.walletId)),
  })),

  "submit/export_wallet": keyOperation(w["submit/export_wallet"], async (_c, ctx, body, user) => {
    const { walletId, targetPublicKey } = body.parameters;
    const wallet = await requireWallet(ctx, user, walletId);
    // A split wallet: the export frame rebuilds the phrase from the auth share and its device share.
    const mnemonic = !wallet.imported && user.custody === "split" ? await splitExportSecret(ctx, user) : await mnemonicOfWallet(ctx, user, wallet);
    const exportBundle = await sealExportBundle(ctx.secrets, targetPublicKey, mnemonic, user.orgId);
    mnemonic.fill(0);
    return completed(ctx, user, body.type, { exportWalletResult: { walletId, exportBundle } });
  }, {
    stepUp: true,
    // A split wallet's export releases its auth share: the same second-factor rule as the share's release at sign-in.
    authorize: async (ctx, body, user, stamp) => {
      const wallet = await requireWallet(ctx, user, body.parameters.walletId);
      if (!wallet.imported && user.custody === "split") await requireSecondFactor(ctx, user.orgId, stamp);
    },
  }),

  "submit/export_wallet_account": keyOperation(w["submit/export_wallet_account"], async (_c, ctx, body, user) => {
    const { address, targetPublicKey } = body.parameters;
    let secret: Uint8Array | undefined;
    if (address.toLowerCase() === user.address.toLowerCase()) secret = hexToBytes((await signingKeysOfSigner(ctx, user)).evmPrivateKey);
    else if (address === user.solanaAddress) secret = (await signingKeysOfSigner(ctx, user)).solanaPrivateKey;
    else secret = await accountKeyOf(ctx, user.orgId, address);
    if (!secret) throw notFound("WALLET_ACCOUNT_NOT_FOUND", `Could not find wallet associated with ${address}`);
    const exportBundle = await sealExportBundle(ctx.secrets, targetPublicKey, secret, user.orgId);
    secret.fill(0);
    return completed(ctx, user, body.type, { exportWalletAccountResult: { address, exportBundle } });
  }, { stepUp: true }),

  // The activity form of sign-payload: `signRawPayloadResult {r, s, v}` (hex, v "00" | "01"), with any account of the user's wallets.
  "submit/sign_raw_payload": keyOperation(signRawPayloadBody, async (_c, ctx, body, user) => {
    const signature = strip0x(await signPayloadAs(ctx, user, body.parameters));
    const v = body.parameters.hashFunction === "HASH_FUNCTION_NO_OP" ? bytesToHex(new Uint8Array([parseInt(signature.slice(128, 130), 16) - 27])) : "00";
    return completed(ctx, user, body.type, { signRawPayloadResult: { r: signature.slice(0, 64), s: signature.slice(64, 128), v } });
  }),

  "submit/init_import_wallet": keyOperation(w["submit/init_import_wallet"], async (_c, ctx, body, user) => {
    requireSameUser(user, body.parameters.userId);
    return ctx.db.transaction(async (tx) => {
      const importBundle = await initImport(ctx, user, tx);
      return completed(ctx, user, body.type, { initImportWalletResult: { importBundle } }, tx);
    });
  }),

  "submit/import_wallet": keyOperation(w["submit/import_wallet"], async (_c, ctx, body, user) => {
    requireSameUser(user, body.parameters.userId);
    return importWallet(ctx, user, body.parameters, (tx, importWalletResult) => completed(ctx, user, body.type, { importWalletResult }, tx));
  }),

  "submit/create_wallet_accounts": keyOperation(w["submit/create_wallet_accounts"], async (_c, ctx, body, user) =>
    createWalletAccounts(ctx, user, body.parameters.walletId, body.parameters.accounts, (tx, addresses) =>
      completed(ctx, user, body.type, { createWalletAccountsResult: { addresses } }, tx),
    ),
  ),

  ...apiKeyOperations,
  ...userReadOperations,
};

/** The operations the engine answers itself (a method's own are in its `operations`). */
export const ENGINE_OPERATIONS: readonly string[] = Object.keys(engineOperations);

/**
 * The key-management operations behind wallet export and API keys, plus those the sign-in methods bring (a
 * method's `operations`, e.g. passkey management). Every call is stamped (`X-Stamp` from the auth
 * frame or `X-Stamp-Webauthn` from a passkey) over the exact body, which the operation's schema
 * checks before it runs. Submits answer `{activity}`; `get_activity` polls one.
 */
export function keyManagementRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/:kind{query|submit}/:op", async (c) => {
    const operation = `${c.req.param("kind")}/${c.req.param("op")}` as `query/${string}` | `submit/${string}`;
    const handler = engineOperations[operation] ?? ctx.methods.find((method) => method.operations?.[operation])?.operations?.[operation];
    if (!handler) throw notFound("UNSUPPORTED_OPERATION", `The emulator does not implement /public/v1/${operation}`);
    const request = await stampedRequestOf(c);
    const { body, signer, stamp } = await verifyStampedUserRequest(ctx, request, operation, handler.body);
    await handler.authorize?.(ctx, body, signer, stamp);
    if (handler.stepUp) await requireFreshProof(ctx, signer.orgId, stamp);
    return c.json(await handler.handle(c, ctx, body, signer, recordActivity(ctx)));
  });

  return app;
}

/** Records a finished activity and answers it as the wire shows activities. */
async function completed(ctx: ServerContext, user: SignerRow, type: string, result: Record<string, unknown>, sql: Sql = ctx.db) {
  return { activity: await recordActivity(ctx)(sql, { orgId: user.orgId, type, result }) };
}

function requireSameUser(user: SignerRow, userId: string): void {
  if (userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${userId} is not the user of organization ${user.orgId}`);
}

/** The stamped request a direct call amounts to: this URL, the raw body, and its stamp header. */
async function stampedRequestOf(c: Context): Promise<StampedRequest> {
  const body = await readBodyText(c);
  for (const name of [WEBAUTHN_STAMP_HEADER, API_KEY_STAMP_HEADER]) {
    const value = c.req.header(name);
    if (value) return { url: c.req.url, body, stamp: { stampHeaderName: name, stampHeaderValue: value } };
  }
  throw unauthorized("MISSING_STAMP", `A ${API_KEY_STAMP_HEADER} or ${WEBAUTHN_STAMP_HEADER} header is required`);
}


/** Records a method's submitted activity and answers it as the wire shows activities. */
function recordActivity(ctx: ServerContext): ActivityRecorder {
  return async (sql, activity) =>
    activityJson(await insertActivity(sql, { id: randomUUID(), pendingPolls: 0, ...activity }, ctx.now()));
}

function activityJson(row: ActivityRow) {
  return {
    id: row.id,
    organizationId: row.orgId,
    type: row.type,
    status: row.status,
    result: row.status === "ACTIVITY_STATUS_COMPLETED" ? row.result : {},
    createdAt: wireTimestamp(row.createdAt),
    updatedAt: wireTimestamp(row.updatedAt),
  };
}
