// The local WalletConnect relay routes by topic and delivers a message once per client, even when the
// publisher sends it twice (the SDK republishes a payload whose acknowledgement is slow; a second session
// settlement reaching a dapp made it log "Pending session not found").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { WebSocket } from "ws";
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth";
import { startWalletConnectRelay, type RunningWalletConnectRelay } from "../../server/walletconnect-relay/index";

let relay: RunningWalletConnectRelay;
beforeAll(async () => {
  relay = await startWalletConnectRelay({ port: 0 });
});
afterAll(async () => {
  await relay?.stop();
});

interface RelayClient {
  call(method: string, params: Record<string, unknown>): Promise<unknown>;
  deliveries: Array<{ topic: string; message: string }>;
  close(): void;
}

async function connect(): Promise<RelayClient> {
  const auth = await signJWT(randomBytes(32).toString("hex"), relay.url, 60, generateKeyPair());
  const socket = new WebSocket(`${relay.url}/?auth=${auth}`);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const deliveries: RelayClient["deliveries"] = [];
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const payload = JSON.parse(String(data));
    if (payload.method === "irn_subscription") deliveries.push(payload.params.data);
    else waiting.get(payload.id)?.(payload.result ?? payload.error);
  });
  let id = 1;
  return {
    deliveries,
    call: (method, params) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }));
      }),
    close: () => socket.close(),
  };
}

describe("local WalletConnect relay", () => {
  it("delivers a message published twice once, by subscription and by fetch alike", async () => {
    const [dapp, wallet] = await Promise.all([connect(), connect()]);
    const topic = randomBytes(32).toString("hex");
    await dapp.call("irn_subscribe", { topic });
    const settlement = { topic, message: randomBytes(64).toString("base64"), ttl: 300, tag: 1102 };
    expect(await wallet.call("irn_publish", settlement)).toBe(true);
    expect(await wallet.call("irn_publish", settlement)).toBe(true);
    await expect.poll(() => dapp.deliveries.length).toBe(1);
    expect(await dapp.call("irn_batchFetchMessages", { topics: [topic] })).toEqual({ messages: [], hasMore: false });

    // A different message on the same topic still arrives.
    await wallet.call("irn_publish", { ...settlement, message: randomBytes(64).toString("base64") });
    await expect.poll(() => dapp.deliveries.length).toBe(2);
    expect(dapp.deliveries[0]?.message).toBe(settlement.message);
    dapp.close();
    wallet.close();
  });

  it("gives a late subscriber what was published before it came, once", async () => {
    const [early, late] = await Promise.all([connect(), connect()]);
    const topic = randomBytes(32).toString("hex");
    const proposal = { topic, message: randomBytes(64).toString("base64"), ttl: 300, tag: 1100 };
    await early.call("irn_publish", proposal);
    await early.call("irn_publish", proposal);
    await late.call("irn_subscribe", { topic });
    await expect.poll(() => late.deliveries.length).toBe(1);
    expect(await late.call("irn_batchFetchMessages", { topics: [topic] })).toEqual({ messages: [], hasMore: false });
    early.close();
    late.close();
  });
});
