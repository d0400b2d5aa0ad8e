import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createKit, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { authenticateWithPasskey, passkey } from "latch-kit/plugins/passkey";
import { answerSignerRoutes, type SignerRouteAnswers } from "./signer-routes";
import { fakeWebauthn, type FakeCeremonies } from "./fake-webauthn";
import { base64url } from "../../../plugins/passkey/credential";

// Spec conformance rows about passkeys (test/CONFORMANCE.md): the browser's WebAuthn API is faked,
// so the tests see the options the kit hands the browser and the requests it makes after.
const USER_ANSWER = { orgId: "o1", userId: "u1", address: "0x00000000000000000000000000000000000000aa" };

const setup = (routes: SignerRouteAnswers) =>
  answerSignerRoutes(createKit({ plugins: [passkey()], signer: { url: "http://localhost:9" }, ui: { auth: { sections: [[{ type: "passkey" }]] } } }), routes);

let webauthn: FakeCeremonies;
beforeEach(() => {
  webauthn = fakeWebauthn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "credentials");
});

describe("§9 passkey ceremony parameters", () => {
  it("§9 passkey assertion timeout 300000 ms with user verification preferred", async () => {
    const { kit } = setup({ whoami: () => USER_ANSWER });
    await authenticateWithPasskey(kit, { createNew: false });
    const options = webauthn.get.mock.calls[0]![0] as CredentialRequestOptions;
    expect(options.publicKey).toMatchObject({ timeout: 300000, userVerification: "preferred" });
  });

  it("§9 creation: algorithms -7 and -257, user verification preferred, resident key preferred, timeout 300000 ms", async () => {
    const { kit } = setup({ signup: () => ({ orgId: "o1" }), whoami: () => USER_ANSWER });
    await authenticateWithPasskey(kit, { createNew: true });
    const options = webauthn.create.mock.calls[0]![0] as CredentialCreationOptions;
    expect(options.publicKey!.pubKeyCredParams.map((p) => p.alg)).toEqual([-7, -257]);
    expect(options.publicKey!.authenticatorSelection).toEqual({ residentKey: "preferred", userVerification: "preferred" });
    expect(options.publicKey!.timeout).toBe(300000);
  });

  it("§7 the passkey attestation carries challenge, authenticatorUserId (the WebAuthn user handle) and the attestation with transports", async () => {
    const { kit, request } = setup({ signup: () => ({ orgId: "o1" }), whoami: () => USER_ANSWER });
    await authenticateWithPasskey(kit, { createNew: true });
    const options = webauthn.create.mock.calls[0]![0] as { publicKey: { challenge: ArrayBuffer; user: { id: ArrayBuffer } } };
    const signup = request.mock.calls.find(([route]) => route === "signup")![1] as { passkey: { challenge: string; authenticatorUserId: string; attestation: { transports: string[] } } };
    // What the browser got (bytes) is what the backend is told (base64url).
    expect(signup.passkey.authenticatorUserId).toBe(base64url(new Uint8Array(options.publicKey.user.id)));
    expect(signup.passkey.challenge).toBe(base64url(new Uint8Array(options.publicKey.challenge)));
    expect(signup.passkey.attestation.transports.length).toBeGreaterThan(0);
  });

  it("§9 fallback transports internal and hybrid when the authenticator reports none", async () => {
    const { kit, request } = setup({ signup: () => ({ orgId: "o1" }), whoami: () => USER_ANSWER });
    await authenticateWithPasskey(kit, { createNew: true });
    const signup = request.mock.calls.find(([route]) => route === "signup")![1] as { passkey: { attestation: { transports: string[] } } };
    expect(signup.passkey.attestation.transports).toEqual(["internal", "hybrid"]);
    webauthn = fakeWebauthn(["usb"]);
    const second = setup({ signup: () => ({ orgId: "o1" }), whoami: () => USER_ANSWER });
    await authenticateWithPasskey(second.kit, { createNew: true });
    const body = second.request.mock.calls.find(([route]) => route === "signup")![1] as { passkey: { attestation: { transports: string[] } } };
    expect(body.passkey.attestation.transports).toEqual(["usb"]);
  });
});

describe("§4 / §5 passkey sign-in with an email", () => {
  it("§4 creates an account if no user exists for that email", async () => {
    const { kit, request } = setup({ lookup: () => ({}), signup: () => ({ orgId: "o-new" }), whoami: () => ({ ...USER_ANSWER, orgId: "o-new" }) });
    const user = await authenticateWithPasskey(kit, { createNew: true, email: "ada@example.com" });
    expect(request.mock.calls.map(([route]) => route)).toEqual(["lookup", "signup", "whoami"]);
    expect(request.mock.calls[1]![1]).toMatchObject({ email: "ada@example.com" });
    expect(user.orgId).toBe("o-new");
  });

  it("§4 else looks the user up and signs in to that organisation, creating nothing", async () => {
    const { kit, request } = setup({ lookup: () => ({ orgId: "o-known" }), whoami: () => ({ ...USER_ANSWER, orgId: "o-known" }) });
    await authenticateWithPasskey(kit, { createNew: true, email: "ada@example.com" });
    expect(request.mock.calls.map(([route]) => route)).toEqual(["lookup", "whoami"]);
    expect(webauthn.create).not.toHaveBeenCalled();
    const whoami = request.mock.calls[1]![1] as { stampedRequest: { body: string } };
    expect(JSON.parse(whoami.stampedRequest.body)).toMatchObject({ organizationId: "o-known" });
  });

  it("§5 passkey sign-in with an email and no user found: 'No user found'", async () => {
    const { kit } = setup({ lookup: () => ({}) });
    await expect(authenticateWithPasskey(kit, { createNew: false, email: "nobody@example.com" })).rejects.toThrow("No user found");
    expect(webauthn.get).not.toHaveBeenCalled();
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });
});

describe("§4 passkey creation after sign-up", () => {
  it("§4 failure returns to passkey_create with the error 'Failed to add passkey' (Try again, Skip)", async () => {
    const { kit, signer } = setup({});
    const user: User = { type: "sca", ...USER_ANSWER, address: USER_ANSWER.address as `0x${string}` };
    kit.setUser(user);
    // The key-management activity completes without the authenticator's id.
    signer.keyManagement.submitActivity = vi.fn(async () => ({ id: "a", status: "ACTIVITY_STATUS_COMPLETED", result: {} })) as never;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    render(<LatchProvider kit={kit} />);
    act(() => kit.openModal({ type: "passkey_create" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Failed to add passkey" });
    expect(kit.getStep()).toMatchObject({ type: "passkey_create", error: { message: "Failed to add passkey" } });
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(kit.getStep().type).not.toBe("passkey_create");
  });
});
