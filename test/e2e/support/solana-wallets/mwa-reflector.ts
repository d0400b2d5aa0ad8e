// A Mobile Wallet Adapter reflector on 127.0.0.1 for the remote association tests: `https` + `ws`
// with a certificate made for the run (../loopback-certificate.ts). What the app (the mobile plugin's transport)
// and a wallet expect of it:
//   - The app dials wss://{host}/reflect offering com.solana.mobilewalletadapter.v1 (and its .base64
//     variant); we pick the binary one. A new session: we send one binary frame, the reflector id
//     as a varint length ‖ the id bytes. The association URL carries the id base64url (no padding).
//   - The wallet dials wss://{host}/reflect?id={that id}. Both ends then get an empty binary frame
//     (reflection established): the app sends HELLO_REQ only after it.
//   - From then on every frame is passed to the other end unchanged (the session is encrypted end to
//     end; we never see inside), and either end closing closes the other.
import { createServer, type Server } from "node:https";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { createLoopbackCertificate, type LoopbackCertificate } from "../loopback-certificate";

export const MWA_PROTOCOL = "com.solana.mobilewalletadapter.v1";

/** Unsigned LEB128, the reflector id's length prefix. */
export function varint(value: number): Uint8Array {
  const out: number[] = [];
  do {
    out.push((value & 0x7f) | (value > 0x7f ? 0x80 : 0));
    value >>>= 7;
  } while (value > 0);
  return Uint8Array.from(out);
}

type Pairing = { app: WebSocket; wallet: WebSocket | null };

export interface MwaReflector {
  /** host:port, the app's `remoteHostAuthority`. */
  authority: string;
  certificate: LoopbackCertificate;
  /** What happened, in order: `app joined {id}`, `wallet joined {id}`, `refused …`, `closed {id}`. */
  readonly log: string[];
  /** Frames passed on, per direction. */
  readonly relayed: { toWallet: number; toApp: number };
  close(): Promise<void>;
}

export async function startMwaReflector(): Promise<MwaReflector> {
  const certificate = createLoopbackCertificate();
  const https: Server = createServer({ cert: certificate.cert, key: certificate.key }, (_, res) => res.writeHead(426).end());
  const sockets = new WebSocketServer({ server: https, path: "/reflect", handleProtocols: (offered) => (offered.has(MWA_PROTOCOL) ? MWA_PROTOCOL : false) });
  const pairings = new Map<string, Pairing>();
  const log: string[] = [];
  const relayed = { toWallet: 0, toApp: 0 };

  const relay = (from: WebSocket, to: () => WebSocket | null, direction: keyof typeof relayed) =>
    from.on("message", (data: RawData, isBinary: boolean) => {
      const peer = to();
      if (!peer) return; // the app speaks first only after reflection is established
      relayed[direction]++;
      peer.send(data, { binary: isBinary });
    });

  sockets.on("connection", (socket, request) => {
    const id = new URL(request.url ?? "/", "https://reflector").searchParams.get("id");
    if (id === null) {
      const fresh = randomBytes(16);
      const key = fresh.toString("base64url");
      const pairing: Pairing = { app: socket, wallet: null };
      pairings.set(key, pairing);
      log.push(`app joined ${key}`);
      relay(socket, () => pairing.wallet, "toWallet");
      socket.on("close", () => end(key));
      socket.send(Buffer.concat([varint(fresh.length), fresh]));
      return;
    }
    const pairing = pairings.get(id);
    if (!pairing || pairing.wallet) {
      log.push(`refused ${id}`);
      socket.close(4404, "no such reflector session");
      return;
    }
    pairing.wallet = socket;
    log.push(`wallet joined ${id}`);
    relay(socket, () => pairing.app, "toApp");
    socket.on("close", () => end(id));
    // Reflection established: an empty frame to both ends.
    socket.send(new Uint8Array(0));
    pairing.app.send(new Uint8Array(0));
  });

  function end(id: string) {
    const pairing = pairings.get(id);
    if (!pairing) return;
    pairings.delete(id);
    log.push(`closed ${id}`);
    pairing.app.close();
    pairing.wallet?.close();
  }

  await new Promise<void>((resolve, reject) => https.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = https.address() as AddressInfo;
  return {
    authority: `127.0.0.1:${port}`,
    certificate,
    log,
    relayed,
    close: async () => {
      for (const socket of sockets.clients) socket.terminate();
      await new Promise((resolve) => sockets.close(resolve));
      await new Promise((resolve) => https.close(resolve));
    },
  };
}
