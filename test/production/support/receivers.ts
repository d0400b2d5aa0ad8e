import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export interface ReceivedEmail {
  to: string;
  from: string;
  /** The From header as written (display name and address). */
  fromHeader: string;
  subject: string;
  text: string;
  html: string;
}

export interface Receiver<T> {
  url: string;
  port: number;
  received: T[];
  /** The first item after `since` (an index into `received`) that matches, waiting for it. */
  waitFor(match: (item: T) => boolean, since?: number): Promise<T>;
  close(): Promise<void>;
}

function waiter<T>(received: T[]) {
  return async (match: (item: T) => boolean, since = 0): Promise<T> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = received.slice(since).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("nothing matching arrived within 20 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/** A real SMTP server on loopback (smtp-server), every message parsed with mailparser. */
export async function startSmtpReceiver(): Promise<Receiver<ReceivedEmail>> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(",");
          received.push({ to, from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", fromHeader: mail.from?.text ?? "", subject: mail.subject ?? "", text: mail.text ?? "", html: typeof mail.html === "string" ? mail.html : "" });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, port, received, waitFor: waiter(received), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP endpoint that records every request (the SMS webhook, a Twilio stand-in) and answers `status`. */
export async function startHttpReceiver(status = 200, answer = "{}"): Promise<Receiver<ReceivedRequest>> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(status, { "content-type": "application/json" }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, received, waitFor: waiter(received), close: () => new Promise((resolve) => server.close(() => resolve())) };
}
