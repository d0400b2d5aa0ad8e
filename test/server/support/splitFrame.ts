import { prepareSplit, parseReleasedShares, type PreparedSplit, type ReleasedShares } from "../../../server/frames/custody/makeSplit";
import type { RecoverySecret } from "../../../server/frames/custody/recoveryLock";
import { newEntropy } from "../../../server/frames/custody/walletKeys";
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

/** The custody-split body of a split the frame prepared (its addresses, sealed shares and proof). */
export function uploadBody(split: PreparedSplit) {
  return { address: split.address, solanaAddress: split.solanaAddress, sealedShares: split.sealedShares, challenge: split.challenge, proof: split.proof };
}

/** The upload challenge the server issues to `session` (custody-state; a wallet the server holds gets it with its entropy). */
export async function challengeOf(client: EmulatorClient, session: Session): Promise<string> {
  const state = await ok(custodyCall(client, "custody-state", session));
  if (!state.challenge) throw new Error(`custody-state issued no challenge: ${JSON.stringify(state)}`);
  return state.challenge;
}

/**
 * What the signer frame does to split a wallet, in Node with the frame's own code. A new account
 * (custody `none`): the wallet is generated here, split, proven and uploaded; the server never sees
 * its entropy. A wallet the server holds: the entropy arrives sealed to the session's frame key and
 * is split the same way. Either way the server gets the auth share and the recovery box sealed to its
 * custody key, and the proof. Returns the split (the device share in it).
 */
export async function splitAsFrame(client: EmulatorClient, session: Session, target: TargetKey, recovery: RecoverySecret): Promise<PreparedSplit> {
  const state = await ok(custodyCall(client, "custody-state", session));
  const key = await custodyKeyOf(client.url);
  let split: PreparedSplit;
  if (state.custody === "none") {
    const entropy = newEntropy();
    split = await prepareSplit(entropy, recovery, key, { organizationId: session.orgId, challenge: state.challenge });
    entropy.fill(0);
  } else {
    const { bundle, challenge } = await ok(custodyCall(client, "custody-reshare-source", session));
    const entropy = await openBundle(bundle, target);
    split = await prepareSplit(entropy, recovery, key, { organizationId: session.orgId, challenge });
    entropy.fill(0);
  }
  await ok(custodyCall(client, "custody-split", session, uploadBody(split)));
  return split;
}

/** The shares the server releases at sign-in, opened with the frame key as the frame opens them. */
export async function releasedShares(client: EmulatorClient, session: Session, target: TargetKey): Promise<ReleasedShares> {
  const state = await ok(custodyCall(client, "custody-state", session));
  if (!state.bundle) throw new Error(`custody-state released no shares: ${JSON.stringify(state)}`);
  return parseReleasedShares(await openBundle(state.bundle, target));
}
