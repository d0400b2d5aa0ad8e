import { hashMessage, recoverAddress } from "viem";
import {
  EmulatorClient,
  SIGN_RAW_PAYLOAD_URL,
  newTargetKey,
  sessionFromBundle,
  signRawPayloadBody,
  stampedRequest,
  type Session,
  type TargetKey,
} from "../../server/support/client";
import { uniqueEmail } from "../../server/support/emulator";

/** What the servers answered 2xx for: each must be in the database afterwards. */
export interface Ledger {
  users: { orgId: string; email: string; address: string }[];
  sessions: { orgId: string; address: string; session: Session }[];
  signatures: { stampedRequest: ReturnType<typeof stampedRequest> }[];
  /** Requests that got no answer or a refusal (a dead instance, the database away). */
  failures: number;
  /** 2xx answers per instance URL, after `mark` was set. */
  servedAfterMark: Map<string, number>;
  mark: boolean;
}

interface Pending {
  orgId: string;
  otpId: string;
  email: string;
  address: string;
  target: TargetKey;
}

/**
 * Sign-ups, code redemptions and signatures from `workers` concurrent loops over the URLs in turn,
 * until `signal` aborts. Network errors and non-2xx answers are counted, never retried as success.
 */
export function startMixedLoad(urls: () => string[], workers: number, signal: AbortSignal): { ledger: Ledger; done: Promise<void> } {
  const ledger: Ledger = { users: [], sessions: [], signatures: [], failures: 0, servedAfterMark: new Map(), mark: false };
  const pending: Pending[] = [];
  let turn = 0;
  const next = () => {
    const list = urls();
    return new EmulatorClient(list[turn++ % list.length]!);
  };
  const served = (client: EmulatorClient) => {
    if (ledger.mark) ledger.servedAfterMark.set(client.url, (ledger.servedAfterMark.get(client.url) ?? 0) + 1);
  };

  const signUp = async () => {
    const client = next();
    const email = uniqueEmail("load");
    const target = newTargetKey();
    const answer = await client.post("signup", { email, targetPublicKey: target.publicKey });
    if (answer.status !== 200) throw new Error(`signup ${answer.status}`);
    served(client);
    ledger.users.push({ orgId: answer.body.orgId, email, address: answer.body.address });
    pending.push({ orgId: answer.body.orgId, otpId: answer.body.otpId, email, address: answer.body.address, target });
  };
  const redeem = async (p: Pending) => {
    const code = await next().latestCode(p.email);
    const client = next();
    const answer = await client.post("otp", { orgId: p.orgId, otpId: p.otpId, otpCode: code, targetPublicKey: p.target.publicKey });
    if (answer.status !== 200 || answer.body.status !== "SUCCESS") throw new Error(`otp ${answer.status}`);
    served(client);
    ledger.sessions.push({ orgId: p.orgId, address: p.address, session: await sessionFromBundle(p.orgId, answer.body.credentialBundle, p.target) });
  };
  const sign = async () => {
    const { session, address } = ledger.sessions[Math.floor(Math.random() * ledger.sessions.length)]!;
    const hash = hashMessage(`load ${Math.random()}`);
    const request = stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: address }), session);
    const client = next();
    const answer = await client.post("sign-payload", { stampedRequest: request });
    if (answer.status !== 200) throw new Error(`sign-payload ${answer.status}`);
    if ((await recoverAddress({ hash, signature: answer.body.signature })) !== address) throw new Error("a signature from the wrong key");
    served(client);
    ledger.signatures.push({ stampedRequest: request });
  };

  const loop = async () => {
    while (!signal.aborted) {
      const roll = Math.random();
      try {
        if (pending.length > 0 && (roll < 0.3 || ledger.sessions.length === 0)) await redeem(pending.shift()!);
        else if (ledger.sessions.length === 0 || roll < 0.55) await signUp();
        else await sign();
      } catch (error) {
        if ((error as Error).message === "a signature from the wrong key") throw error;
        ledger.failures++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  return { ledger, done: Promise.all(Array.from({ length: workers }, loop)).then(() => undefined) };
}
