// A self-signed TLS certificate for 127.0.0.1 and localhost, made for one test run, with nothing but
// Node: Node's crypto makes the P-256 key and signs, but cannot write X.509, so the few DER structures
// of a certificate are written here (RFC 5280: version 3, subject = issuer = CN=localhost, valid one
// day, subjectAltName IP:127.0.0.1 and DNS:localhost, ecdsa-with-SHA256). Node's X509Certificate
// then parses and verifies it before anyone uses it. No openssl CLI, no dependency.
//
// Chromium trusts it through `--ignore-certificate-errors-spki-list=<spkiHash>` (the key pinned, not
// every certificate); Node clients pass the PEM as `ca`.
import { X509Certificate, createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

export interface LoopbackCertificate {
  /** PEM certificate and PKCS#8 PEM key, for `https.createServer({ cert, key })` and a client's `ca`. */
  cert: string;
  key: string;
  /** base64(SHA-256(SubjectPublicKeyInfo)): what Chromium's SPKI allow-list takes. */
  spkiHash: string;
}

const der = (tag: number, ...content: Uint8Array[]): Buffer => {
  const body = Buffer.concat(content);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
};
const sequence = (...content: Uint8Array[]) => der(0x30, ...content);
const set = (...content: Uint8Array[]) => der(0x31, ...content);
const explicit = (n: number, content: Uint8Array) => der(0xa0 + n, content);
const integer = (bytes: Uint8Array) => der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const octets = (bytes: Uint8Array) => der(0x04, bytes);
const utf8 = (text: string) => der(0x0c, Buffer.from(text));
const bits = (bytes: Uint8Array) => der(0x03, Buffer.from([0]), bytes);
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const arcs = rest.flatMap((arc) => {
    const out = [arc & 0x7f];
    for (arc >>= 7; arc > 0; arc >>= 7) out.unshift((arc & 0x7f) | 0x80);
    return out;
  });
  return der(0x06, Buffer.from([a! * 40 + b!, ...arcs]));
};

const ECDSA_WITH_SHA256 = sequence(oid("1.2.840.10045.4.3.2"));
const SUBJECT_ALT_NAME = "2.5.29.17";
const COMMON_NAME = "2.5.4.3";

export function createLoopbackCertificate(): LoopbackCertificate {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const name = sequence(set(sequence(oid(COMMON_NAME), utf8("localhost"))));
  const now = Date.now();
  const altNames = sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from("localhost")));
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 60 * 60_000)), utcTime(new Date(now + 24 * 60 * 60_000))),
    name,
    spki,
    explicit(3, sequence(sequence(oid(SUBJECT_ALT_NAME), octets(altNames)))),
  );
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, bits(sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" })));

  const parsed = new X509Certificate(certificate);
  if (!parsed.verify(publicKey) || !parsed.checkIP("127.0.0.1") || !parsed.checkHost("localhost")) {
    throw new Error("the loopback certificate does not verify for 127.0.0.1 and localhost");
  }
  return {
    cert: parsed.toString(),
    key: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    spkiHash: createHash("sha256").update(spki).digest("base64"),
  };
}
