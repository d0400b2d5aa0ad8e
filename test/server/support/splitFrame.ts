import { prepareSplit, parseReleasedShares, type PreparedSplit, type ReleasedShares } from "../../../server/frames/custody/makeSplit";
import type { RecoverySecret } from "../../../server/frames/custody/recoveryLock";
import { CUSTODY_KEY_META } from "../../../server/frames/pages";
import { openBundle, stampedRequest, type EmulatorClient, type Answer, type Session, type TargetKey } from "./client";

/** The stamped URL of a custody call (the route checks its operation). */
const operationUrl = (operation: string) => `https://api.turnkey.com/public/v1/${operation}`;

const OPERATIONS = {
  "custody-state": "query/custody_state",
  "custody-reshare-source": "submit/custody_reshare_source",
  "custody-split": "submit/custody_split",
} as const;

/** A custody call stamped by `session` (a fresh timestamp, so two calls are two bodies). */
export function custodyCall(client: EmulatorClient, route: keyof typeof OPERATIONS, session: Session, extra: object = {}): Promise<Answer> {
  const body = { organizationId: session.orgId, timestampMs: String(Date.now()), ...extra };
  return client.post(route, { stampedRequest: stampedRequest(operationUrl(OPERATIONS[route]), body, session) });
}

async function ok(answer: Promise<Answer>) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`custody call answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The server's custody key, read from the auth frame page as the frame reads it. */
export async function custodyKeyOf(url: string): Promise<string> {
  const page = await (await fetch(`${url}/frames/auth`)).text();
  const match = new RegExp(`<meta name="${CUSTODY_KEY_META}" content="(04[0-9a-f]{128})">`).exec(page);
  if (!match) throw new Error("the auth frame page carries no custody key");
  return match[1]!;
}

/**
 * What the signer frame does to move a wallet the server holds into split custody, in Node with the
 * frame's own code: the entropy arrives sealed to the session's frame key, is split, and the server
 * gets the auth share and the recovery box sealed to its custody key. Returns the device share.
 */
export async function splitAsFrame(client: EmulatorClient, session: Session, target: TargetKey, recovery: RecoverySecret): Promise<PreparedSplit> {
  const { bundle } = await ok(custodyCall(client, "custody-reshare-source", session));
  const entropy = await openBundle(bundle, target);
  const split = await prepareSplit(entropy, recovery, await custodyKeyOf(client.url));
  entropy.fill(0);
  await ok(custodyCall(client, "custody-split", session, { address: split.address, solanaAddress: split.solanaAddress, sealedShares: split.sealedShares }));
  return split;
}

/** The shares the server releases at sign-in, opened with the frame key as the frame opens them. */
export async function releasedShares(client: EmulatorClient, session: Session, target: TargetKey): Promise<ReleasedShares> {
  const state = await ok(custodyCall(client, "custody-state", session));
  if (!state.bundle) throw new Error(`custody-state released no shares: ${JSON.stringify(state)}`);
  return parseReleasedShares(await openBundle(state.bundle, target));
}
