// The server checks its answers against the wire contract (server/answers.ts): every server test
// starts it with `checkAnswers: true` (support/emulator.ts), so a route whose answer drifts from its
// schema — an extra field, a missing one, an error code it does not list — fails the test that calls it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type } from "arktype";
import { answerProblem, type AnswerDrift } from "../../server/answers";
import { responses } from "../../wire/responses";
import { operations } from "../../wire/operations";
import { operationRequests } from "../../wire/operation-requests";
import { ENGINE_OPERATIONS } from "../../server/routes/keyManagement";
import { composeMethods } from "../../server/method";
import { BUILT_IN_METHODS } from "../../server/methods";
import { TRANSPORT_ERRORS, unauthorized, type RouteContracts, type ServerMethod } from "../../server/method-kit";
import { backupCodeServer } from "../fixtures/backup-code/server";
import { newTargetKey } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

const driftContract = {
  "drift-extra": { response: type({ orgId: "string" }), errors: TRANSPORT_ERRORS },
  "drift-missing": { response: type({ orgId: "string", credentialBundle: "string" }), errors: TRANSPORT_ERRORS },
  "drift-code": { response: type({ orgId: "string" }), errors: [...TRANSPORT_ERRORS, "LISTED_CODE"] },
} satisfies RouteContracts;

/** A method whose routes break their own contract, each in one way. */
const driftingMethod: ServerMethod = {
  id: "drifting",
  contract: driftContract,
  routes: [
    { method: "POST", path: "/drift-extra", handle: () => ({ orgId: "o1", secret: "leaked" }) },
    { method: "POST", path: "/drift-missing", handle: () => ({ orgId: "o1" }) },
    {
      method: "POST",
      path: "/drift-code",
      handle: () => {
        throw unauthorized("UNLISTED_CODE", "a code the contract does not name");
      },
    },
  ],
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ methods: [driftingMethod, backupCodeServer()] });
});
afterAll(() => t.emulator.stop());

describe("answers are checked against the wire contract", () => {
  it("a success with a field its schema does not name becomes a 500 ANSWER_OUT_OF_CONTRACT", async () => {
    const answer = await t.client.post("drift-extra", {});
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe("ANSWER_OUT_OF_CONTRACT");
    expect(answer.body.message).toMatch(/drift-extra answered 200 outside its contract: secret must be removed/);
  });

  it("a success missing a field is refused", async () => {
    const answer = await t.client.post("drift-missing", {});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toMatch(/credentialBundle must be a string/);
  });

  it("an error code the route does not list is refused", async () => {
    const answer = await t.client.post("drift-code", {});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toMatch(/error code UNLISTED_CODE is not one this route answers/);
  });

  it("a method's routes that keep their contract answer as they are (the backup-code fixture)", async () => {
    const issued = await t.client.post("backup-code-issue", { email: uniqueEmail("backup") });
    expect(issued.status).toBe(200);
    const signedIn = await t.client.post("backup-code-auth", { code: issued.body.code, targetPublicKey: newTargetKey().publicKey });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(["credentialBundle", "orgId"]);
    const refused = await t.client.post("backup-code-auth", { code: issued.body.code, targetPublicKey: newTargetKey().publicKey });
    expect([refused.status, refused.body.code]).toEqual([401, "INVALID_BACKUP_CODE"]);
  });

  it("a refusal the wire lists passes unchanged", async () => {
    const answer = await t.client.post("lookup", { email: "not an email" });
    expect([answer.status, answer.body.code]).toEqual([400, "INVALID_REQUEST"]);
  });

  it("with a function, the drift is reported and the answer goes out unchanged (the dev CLI's warning)", async () => {
    const drifts: AnswerDrift[] = [];
    const warned = await startTestServer({ methods: [driftingMethod], checkAnswers: (drift) => drifts.push(drift) });
    try {
      const answer = await warned.client.post("drift-extra", {});
      expect([answer.status, answer.body]).toEqual([200, { orgId: "o1", secret: "leaked" }]);
      expect(drifts).toEqual([expect.objectContaining({ route: "drift-extra", status: 200, problem: expect.stringMatching(/secret must be removed/) })]);
    } finally {
      await warned.emulator.stop();
    }
  });
});

describe("the wire's own contracts", () => {
  const whoami = responses.whoami;
  const strict = whoami.response.onDeepUndeclaredKey("reject");
  const user = { orgId: "o", userId: "u", address: "0xabc", solanaAddress: "So1" };

  it("accept a whoami answer and refuse one with a field the contract does not name", () => {
    expect(answerProblem(whoami, strict, 200, user)).toBeNull();
    expect(answerProblem(whoami, strict, 200, { ...user, apiKey: "x" })).toMatch(/apiKey must be removed/);
  });

  it("accept a listed error and refuse an error body without its repeated message", () => {
    expect(answerProblem(whoami, strict, 401, { code: "INVALID_STAMP", message: "m", error: "m" })).toBeNull();
    expect(answerProblem(whoami, strict, 401, { code: "INVALID_STAMP", message: "m" })).toMatch(/error must be a string/);
    expect(answerProblem(whoami, strict, 400, { code: "OTP_EXPIRED", message: "m", error: "m" })).toMatch(/OTP_EXPIRED is not one this route answers/);
  });

  it("cover key-management operations: an activity's result must be its operation's (or empty while pending)", () => {
    const exportWallet = operations["submit/export_wallet"];
    const strictExport = exportWallet.response.onDeepUndeclaredKey("reject");
    const at = { seconds: "1", nanos: "0" };
    const answer = (result: object) => ({
      activity: { id: "a", organizationId: "o", type: "ACTIVITY_TYPE_EXPORT_WALLET", status: "ACTIVITY_STATUS_COMPLETED", result, createdAt: at, updatedAt: at },
    });
    expect(answerProblem(exportWallet, strictExport, 200, answer({ exportWalletResult: { walletId: "w", exportBundle: "b" } }))).toBeNull();
    expect(answerProblem(exportWallet, strictExport, 200, answer({}))).toBeNull();
    expect(answerProblem(exportWallet, strictExport, 200, answer({ exportWalletResult: { walletId: "w", exportBundle: "b", mnemonic: "leak" } }))).toMatch(/mnemonic must be removed/);
    expect(answerProblem(exportWallet, strictExport, 404, { code: "WALLET_NOT_FOUND", message: "m", error: "m" })).toBeNull();
  });

  it("cover every key-management operation the server answers, the engine's and the methods', with its body", () => {
    const methodOperations = composeMethods(BUILT_IN_METHODS).flatMap((part) => Object.keys(part.operations ?? {}));
    const served = [...ENGINE_OPERATIONS, ...methodOperations].sort();
    expect(Object.keys(operations).sort()).toEqual(served);
    expect(Object.keys(operationRequests).sort()).toEqual(served);
  });
});
