// Keys derived from the server secret are part of stored data: code hashes, sealed factors and
// payloads, signing keys. These pins were taken before method secrets existed; a change to the
// derivation that moves one of them would make every stored value of that purpose unreadable.
import { describe, expect, it } from "vitest";
import { createSecrets, masterSecretFromSeed, type KeyPurpose } from "../../server/crypto/secrets";

const PINNED: Record<KeyPurpose, string> = {
  "otp-hash": "f9ab8fb808ea3f24b2b27b9370824e04e5076d3e2453022fcd85212321bb4234",
  "wallet-at-rest": "0ab6fa780be92b1054a4f7aca4f44fd76dfad6dbaf6013bb86dea87576f7275b",
  "totp-at-rest": "4c4319bb15ab3187cc74d92fa8c1206aef683509a2f3a534ed41383c5303f503",
  "mfa-payload": "b75cd1a30ae9e52bcd98385c938540c4392e4af91e8230b8f9b40490af9e2221",
  "verification-token": "fde5d2b2a655abfb7cc1aec57002c7ed7395c0c10f0e443d20743dc256b82305",
  "seeded-wallet": "df66007d5765395f9059371037cd695c055fd9d320e48db3c152fd2bb19f6d91",
  "seeded-id": "5d2dfcdfb578a9f440f138a53b87755c4f32e25147779a8f64f289842a97e0ce",
  "export-signing": "5e5bb1c49ea1eaca8999d1a62d6130fda366f1f129d62ebf602603946a8d0705",
  "idp-signing": "3d6c08a8d2b4bf425810493ba201089e3838720009cf8acc49437ecb6c06d03c",
  "idp-subject": "444f9e7d9457d140483987c0fdab04e46c9130680aecf0e67f5a39754a8721a6",
  "import-target": "4f2d92a801da030e21d3532a20a6bdce5797921785d27e63eb75ab0b32e4d9f4",
  // Added after the pins above (split custody), by the same derivation.
  "custody-target": "1ea5108a7c801849cb51bfb3fc29bf65173ba06bb30e4a7ec1d3537c07b55b5f",
  // Multi-owner stand-in user ids (issue 29).
  "member-pseudonym": "7c5efbfb0b692ea666069e478cff28ee511156ba3f90c3e5714cf0f76aba8109",
  // Client addresses that signed in to an account (the fresh-code try past the guess budgets).
  "known-client": "516a24fd0fe590ff8592572011ef58d089e3497ab2aefb826e81f67a4299b49b",
  // The challenge a session's frame signs to upload a split it made (issue 31).
  "custody-challenge": "50e4fa2d3d54ec58e9e9b27183a0a4829900dfac129c7524c395d8cb4311da23",
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const secrets = () => createSecrets(masterSecretFromSeed("pinned-seed"));

describe("secrets derived from the server secret", () => {
  it("keeps every engine purpose's key byte for byte", () => {
    const s = secrets();
    for (const [purpose, pinned] of Object.entries(PINNED)) expect([purpose, hex(s.key(purpose as KeyPurpose))]).toEqual([purpose, pinned]);
  });

  it("gives each method its own keys by label, stable across instances, never an engine purpose's", () => {
    const a = secrets().forMethod("third-party");
    const b = secrets().forMethod("third-party");
    expect(hex(a.key("code-hash"))).toBe(hex(b.key("code-hash")));
    expect(hex(a.key("code-hash"))).toBe("3c58ab82a547b49c69f72ad2fb4f4367b200f42e8ff53180f21905262cf4f46f");
    const keys = new Set([
      ...Object.values(PINNED),
      hex(a.key("code-hash")),
      hex(a.key("otp-hash")),
      hex(secrets().forMethod("other").key("code-hash")),
      // An id/label split that would read alike without the length prefixes.
      hex(secrets().forMethod("third").key("party:code-hash")),
    ]);
    expect(keys.size).toBe(Object.keys(PINNED).length + 4);
  });

  it("seals and opens under a method's label, bound to the context", () => {
    const m = secrets().forMethod("third-party");
    const sealed = m.seal("at-rest", new TextEncoder().encode("totp secret"), "row-1");
    expect(new TextDecoder().decode(secrets().forMethod("third-party").open("at-rest", sealed, "row-1"))).toBe("totp secret");
    expect(() => m.open("at-rest", sealed, "row-2")).toThrow();
    expect(() => secrets().forMethod("other").open("at-rest", sealed, "row-1")).toThrow();
    expect(() => m.key("")).toThrow(/method id and a label/);
  });
});
