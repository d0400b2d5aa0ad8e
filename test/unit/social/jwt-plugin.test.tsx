import { describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createKit, getEmbeddedSigner, SignerHttpError } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { decodeJwtClaims, jwt, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";

const KEY = `04${"ef".repeat(64)}`;
const TOKEN = `e30.${Buffer.from(JSON.stringify({ sub: "app-user-1", iss: "https://auth.app.test" })).toString("base64url")}.sig`;

function setup(answer: () => Promise<unknown>) {
  const kit = createKit({ plugins: [jwt()], signer: { url: "http://localhost:9" } });
  const signer = getEmbeddedSigner(kit);
  signer.frame.init = vi.fn(async () => KEY);
  const request = vi.fn(answer);
  signer.client.request = request as never;
  const complete = vi.fn(async (params: Parameters<typeof signer.completeWithBundle>[0]) => {
    const user = { type: "sca" as const, userId: "u", orgId: params.orgId, address: "0x0000000000000000000000000000000000000002" as const, ...params.userExtras };
    kit.setUser(user);
    kit.setStatus("CONNECTED");
    return user;
  });
  signer.completeWithBundle = complete;
  return { kit, signer, request, complete };
}

describe("custom JWT sign-in", () => {
  it("authenticate({type: 'custom-jwt'}) goes through auth-jwt and completes a custom-jwt session", async () => {
    const { kit, request, complete } = setup(async () => ({ isSignUp: true, orgId: "o1", credentialBundle: "bundle" }));
    const authenticating = vi.fn();
    kit.events.on("authenticating", authenticating);
    const user = await kit.authenticate({ type: "custom-jwt", jwt: TOKEN, authProviderId: "app-auth" });
    // The third argument: the call's options (the payload's abort signal, none here).
    expect(request).toHaveBeenCalledWith("auth-jwt", { jwt: TOKEN, targetPublicKey: KEY, authProvider: "app-auth", expirationSeconds: 900 }, { signal: undefined });
    expect(complete).toHaveBeenCalledWith({
      bundle: "bundle",
      orgId: "o1",
      sessionType: "custom-jwt",
      isNewUser: true,
      userExtras: { idToken: TOKEN, claims: { sub: "app-user-1", iss: "https://auth.app.test" } },
    });
    expect(user).toMatchObject({ orgId: "o1", idToken: TOKEN });
    expect(authenticating).toHaveBeenCalledWith({ type: "custom-jwt" });
    expect(kit.getStatus()).toBe("CONNECTED");
  });

  it("a refused JWT stores the error and returns to disconnected", async () => {
    const { kit, signer } = setup(async () => {
      throw new SignerHttpError(401, "JWT_EXPIRED", "The JWT expired at 2026-01-01T00:00:00.000Z");
    });
    await expect(kit.authenticate({ type: "custom-jwt", jwt: TOKEN, authProviderId: "app-auth" })).rejects.toThrow("The JWT expired");
    expect(signer.state.error?.message).toMatch(/expired/);
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("useAuthenticateWithJwt signs in and exposes pending, error and the user", async () => {
    const { kit } = setup(async () => ({ isSignUp: false, orgId: "o2", credentialBundle: "b" }));
    const wrapper = ({ children }: { children: ReactNode }) => <LatchProvider kit={kit}>{children}</LatchProvider>;
    const { result } = renderHook(() => useAuthenticateWithJwt(), { wrapper });
    act(() => result.current.authenticateWithJwt({ jwt: TOKEN, authProviderId: "app-auth" }));
    await waitFor(() => expect(result.current.user?.orgId).toBe("o2"));
    expect(result.current.isPending).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("reads claims without verifying, and tolerates garbage", () => {
    expect(decodeJwtClaims(TOKEN)).toEqual({ sub: "app-user-1", iss: "https://auth.app.test" });
    expect(decodeJwtClaims("nope")).toBeUndefined();
    expect(decodeJwtClaims("a.!!!.c")).toBeUndefined();
  });
});
