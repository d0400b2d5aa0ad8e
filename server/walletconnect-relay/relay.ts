// A local WalletConnect relay for development and tests, written from the relay protocol: it
// authenticates clients by their relay JWT, then only routes opaque (end-to-end encrypted) messages
// by topic. It never reads a message. Methods: irn_subscribe / irn_batchSubscribe / irn_unsubscribe /
// irn_batchUnsubscribe / irn_publish / irn_batchPublish / irn_batchFetchMessages, delivery by
// irn_subscription, and the session methods wc_proposeSession / wc_approveSession (the relay
// publishes their parts and subscribes the approving wallet to the session topic).
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { decodeJWT, verifyJWT } from "@walletconnect/relay-auth";
import { WebSocketServer, type WebSocket } from "ws";

interface Message {
  /** sha256 of topic and ciphertext: a message published twice (a client's publish retry) is one message. */
  hash: string;
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
  /** Client id (relay JWT issuer) that published it: it never gets its own message back, on any connection. */
  from: string;
  expiresAt: number;
}

interface Client {
  socket: WebSocket;
  clientId: string;
  topics: Set<string>;
  /** Hashes of messages already delivered to this client id (across its reconnections). */
  seen: Set<string>;
}

export const DEFAULT_WALLETCONNECT_RELAY_PORT = 8788;

export interface WalletConnectRelayOptions {
  /** Default DEFAULT_WALLETCONNECT_RELAY_PORT; 0 picks a free one. */
  port?: number;
  /** Prints each method a client calls. */
  onMethod?: (method: string) => void;
}

export interface RunningWalletConnectRelay {
  /** `ws://127.0.0.1:<port>`: what `relayUrl` of the kit and of a wallet names. */
  url: string;
  port: number;
  /** Methods clients called, in order (for assertions). */
  log: string[];
  stop(): Promise<void>;
}

const PING_INTERVAL_MS = 15_000;
const MAX_LOG = 10_000;
const SWEEP_INTERVAL_MS = 60_000;

/** Listens on 127.0.0.1 only: the relay is a development service. */
export async function startWalletConnectRelay({ port: wantedPort = DEFAULT_WALLETCONNECT_RELAY_PORT, onMethod }: WalletConnectRelayOptions = {}): Promise<RunningWalletConnectRelay> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: wantedPort });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const clients = new Set<Client>();
  const seenBy = new Map<string, Set<string>>();
  const mailbox = new Map<string, Message[]>();
  const log: string[] = [];
  let nextId = Date.now() * 1000;

  // Expired messages leave the mailbox, and their hashes leave what clients have seen (a dev relay may run for days).
  const sweep = setInterval(() => {
    const live = new Set<string>();
    for (const [topic, messages] of mailbox) {
      const kept = messages.filter((m) => m.expiresAt > Date.now());
      if (kept.length === 0) mailbox.delete(topic);
      else mailbox.set(topic, kept);
      for (const m of kept) live.add(m.hash);
    }
    for (const seen of seenBy.values()) for (const hash of seen) if (!live.has(hash)) seen.delete(hash);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const subscriptionId = (topic: string, client: Client) => createHash("sha256").update(topic + client.clientId).digest("hex");

  const deliver = (client: Client, msg: Message) => {
    if (msg.from === client.clientId || client.seen.has(msg.hash) || client.socket.readyState !== client.socket.OPEN) return;
    client.seen.add(msg.hash);
    const { topic, message, publishedAt, tag, attestation } = msg;
    client.socket.send(
      JSON.stringify({
        id: nextId++,
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: { id: subscriptionId(topic, client), data: { topic, message, publishedAt, tag, ...(attestation ? { attestation } : {}) } },
      }),
    );
  };

  const publish = (from: Client, p: { topic: string; message: string; ttl?: number; tag?: number; attestation?: string }) => {
    const hash = createHash("sha256").update(p.topic).update("\0").update(p.message).digest("hex");
    const kept = (mailbox.get(p.topic) ?? []).filter((m) => m.expiresAt > Date.now());
    // The SDK republishes when its first attempt is slow to be acknowledged; like the hosted relay, an
    // identical message is accepted and not delivered again (a second session settlement reaching the
    // dapp logs "Pending session not found").
    if (kept.some((m) => m.hash === hash)) return;
    const msg: Message = {
      hash,
      topic: p.topic,
      message: p.message,
      publishedAt: Date.now(),
      tag: p.tag ?? 0,
      ...(p.attestation ? { attestation: p.attestation } : {}),
      from: from.clientId,
      expiresAt: Date.now() + (p.ttl ?? 300) * 1000,
    };
    kept.push(msg);
    mailbox.set(p.topic, kept);
    for (const client of clients) if (client.topics.has(p.topic)) deliver(client, msg);
  };

  const subscribe = (client: Client, topic: string) => {
    client.topics.add(topic);
    // A subscriber also gets what was published before it came (the mailbox).
    setTimeout(() => (mailbox.get(topic) ?? []).forEach((m) => deliver(client, m)));
    return subscriptionId(topic, client);
  };

  const pending = (client: Client, topics: string[]) =>
    topics.flatMap((topic) =>
      (mailbox.get(topic) ?? [])
        .filter((m) => m.from !== client.clientId && !client.seen.has(m.hash) && m.expiresAt > Date.now())
        .map((m) => {
          client.seen.add(m.hash);
          const { message, publishedAt, tag, attestation } = m;
          return { topic, message, publishedAt, tag, ...(attestation ? { attestation } : {}) };
        }),
    );

  server.on("connection", async (socket, request) => {
    const auth = new URL(request.url ?? "/", "http://relay").searchParams.get("auth");
    if (!auth || !(await verifyJWT(auth).catch(() => false))) {
      socket.close(4001, "Unauthorized: invalid JWT");
      return;
    }
    const clientId = decodeJWT(auth).payload.iss;
    if (!seenBy.has(clientId)) seenBy.set(clientId, new Set());
    const client: Client = { socket, clientId, topics: new Set(), seen: seenBy.get(clientId)! };
    clients.add(client);
    const ping = setInterval(() => socket.ping(), PING_INTERVAL_MS);
    socket.on("close", () => {
      clearInterval(ping);
      clients.delete(client);
    });
    socket.on("message", (data) => {
      let request: { id?: number; method?: string; params?: Record<string, unknown> };
      try {
        request = JSON.parse(String(data));
      } catch {
        return;
      }
      if (!request.method) return; // an acknowledgement of a delivery
      log.push(request.method);
      if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG); // a dev relay may run for days
      onMethod?.(request.method);
      const params = request.params ?? {};
      const reply = (result: unknown) => socket.send(JSON.stringify({ id: request.id, jsonrpc: "2.0", result }));
      const fail = (message: string) => socket.send(JSON.stringify({ id: request.id, jsonrpc: "2.0", error: { code: -32601, message } }));
      switch (request.method) {
        case "irn_subscribe":
          return reply(subscribe(client, params.topic as string));
        case "irn_batchSubscribe":
          return reply((params.topics as string[]).map((t) => subscribe(client, t)));
        case "irn_unsubscribe":
          client.topics.delete(params.topic as string);
          return reply(true);
        case "irn_batchUnsubscribe":
          for (const s of params.subscriptions as Array<{ topic: string }>) client.topics.delete(s.topic);
          return reply(true);
        case "irn_publish":
          publish(client, params as never);
          return reply(true);
        case "irn_batchPublish":
          for (const m of params.messages as never[]) publish(client, m);
          return reply(true);
        case "irn_batchFetchMessages":
          return reply({ messages: pending(client, params.topics as string[]), hasMore: false });
        case "wc_proposeSession":
          // The dapp will hear the answer on the pairing topic.
          subscribe(client, params.pairingTopic as string);
          publish(client, { topic: params.pairingTopic as string, message: params.sessionProposal as string, ttl: params.ttl as number, tag: 1100, ...attestationOf(params) });
          return reply(true);
        case "wc_approveSession":
          // The wallet will hear on the session topic; the dapp gets the approval on the pairing topic, then the settlement.
          subscribe(client, params.sessionTopic as string);
          publish(client, { topic: params.pairingTopic as string, message: params.sessionProposalResponse as string, ttl: params.ttl as number, tag: 1101 });
          publish(client, { topic: params.sessionTopic as string, message: params.sessionSettlementRequest as string, ttl: params.ttl as number, tag: 1102 });
          return reply(true);
        default:
          return fail(`Method not found: ${request.method}`);
      }
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        for (const client of clients) client.socket.terminate();
        server.close(() => resolve());
      }),
  };
}

const attestationOf = (params: Record<string, unknown>) => (typeof params.attestation === "string" ? { attestation: params.attestation } : {});
