import { vi } from "vitest";

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export interface FakeCeremonies {
  create: ReturnType<typeof vi.fn>;
  get: ReturnType<typeof vi.fn>;
}

/**
 * The browser's WebAuthn API, faked: `create` and `get` record the options the kit hands the browser
 * and answer a credential (with `transports` reported for a new one). Undo with `vi.unstubAllGlobals()`
 * and deleting `navigator.credentials`.
 */
export function fakeWebauthn(transports: string[] = []): FakeCeremonies {
  const create = vi.fn(async () => ({
    type: "public-key",
    id: "Y3JlZA",
    rawId: bytes("cred"),
    response: { clientDataJSON: bytes("{}"), attestationObject: bytes("att"), getTransports: () => transports },
    getClientExtensionResults: () => ({}),
  }));
  const get = vi.fn(async () => ({
    type: "public-key",
    id: "Y3JlZA",
    rawId: bytes("cred"),
    response: { clientDataJSON: bytes("{}"), authenticatorData: bytes("ad"), signature: bytes("sig"), userHandle: bytes("u") },
    getClientExtensionResults: () => ({}),
  }));
  Object.defineProperty(navigator, "credentials", { value: { create, get }, configurable: true });
  vi.stubGlobal("PublicKeyCredential", class {});
  return { create, get };
}
