import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** An app's own JWT issuer: an ES256 key and its JWKS on loopback; `mint` signs tokens for it. */
export async function startJwtIssuer(issuer: string, audience: string) {
  const pair = await generateKeyPair("ES256");
  const key: CryptoKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "app-1", alg: "ES256", use: "sig" };
  const server: Server = createServer((req, res) => {
    if (req.url === "/jwks.json") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  return {
    issuer,
    audience,
    jwksUrl,
    /** `nonce`: hex sha256 of the frame key the token signs in (auth-jwt binds it). */
    mint: (claims: { sub: string; nonce: string; email?: string }, lifetimeSeconds = 600) =>
      new SignJWT({ nonce: claims.nonce, ...(claims.email ? { email: claims.email, email_verified: true } : {}) })
        .setProtectedHeader({ alg: "ES256", kid: "app-1" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(key),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The dev profile started in its own process and port, used only as an external OpenID provider
 * (its `/idp/<id>` issuers): the production server reaches it over HTTP like any real provider.
 */
export async function startExternalDevIdp(redirectUri: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "--port", "0", "--memory", "--quiet", "--idp-redirect-uri", redirectUri], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: process.env.TMPDIR ?? "/tmp" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Signer API\s+(http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the dev identity provider exited:\n${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
