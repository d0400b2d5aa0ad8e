import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { act, renderHook } from "@testing-library/react";
import { createKit, getEmbeddedSigner, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import {
  solanaEmbedded,
  useSolanaConnection,
  useSolanaSigner,
  useSolanaSignMessage,
  useSolanaTransaction,
} from "latch-kit/plugins/solana-embedded";

const user: User = { type: "sca", orgId: "org", userId: "u1", address: "0x1111111111111111111111111111111111111111", solanaAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" };

function setup() {
  const kit = createKit({ plugins: [solanaEmbedded({ rpcUrl: "https://api.devnet.solana.com" })], signer: { url: "http://localhost:1" } });
  const wrapper = ({ children }: { children: ReactNode }) => <LatchProvider kit={kit}>{children}</LatchProvider>;
  return { kit, wrapper };
}

afterEach(() => vi.restoreAllMocks());

describe("Solana hooks", () => {
  it("useSolanaSigner follows the user: null signed out or without a Solana address, the signer otherwise", () => {
    const { kit, wrapper } = setup();
    const { result } = renderHook(() => useSolanaSigner(), { wrapper });
    expect(result.current).toBeNull();
    act(() => kit.setUser(user));
    expect(result.current?.address).toBe(user.solanaAddress);
    act(() => kit.setUser({ ...user, solanaAddress: undefined }));
    expect(result.current).toBeNull();
    act(() => kit.setUser(null));
    expect(result.current).toBeNull();
  });

  it("useSolanaConnection gives the rpc client and the network inferred from the endpoint", () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useSolanaConnection(), { wrapper });
    expect(result.current).toMatchObject({ rpcUrl: "https://api.devnet.solana.com", network: "devnet", chainId: "solana:devnet", commitment: "confirmed" });
    expect(typeof result.current.rpc.getLatestBlockhash).toBe("function");
    const again = renderHook(() => useSolanaConnection(), { wrapper });
    expect(again.result.current.connection).toBe(result.current.connection); // one client per kit
  });

  it("useSolanaSignMessage returns the 64-byte signature as hex, and the spec's error without a Solana address", async () => {
    const { kit, wrapper } = setup();
    kit.setUser(user);
    vi.spyOn(getEmbeddedSigner(kit), "signRawPayload").mockResolvedValue(`0x${"12".repeat(65)}`);
    const { result } = renderHook(() => useSolanaSignMessage(), { wrapper });
    await act(() => result.current.signMessageAsync({ message: "hello" }));
    expect(result.current.signedMessage).toBe(`0x${"12".repeat(64)}`);
    act(() => kit.setUser({ ...user, solanaAddress: undefined }));
    await act(async () => {
      await expect(result.current.signMessageAsync({ message: "hello" })).rejects.toThrow("No Solana address available for the user");
    });
    expect(result.current.error?.message).toBe("No Solana address available for the user");
  });

  it("useSolanaTransaction says 'no solana address' before any request", async () => {
    const { kit, wrapper } = setup();
    kit.setUser({ ...user, solanaAddress: undefined });
    const fetch = vi.spyOn(globalThis, "fetch");
    const { result } = renderHook(() => useSolanaTransaction({ policyId: "p" }), { wrapper });
    expect(result.current.signer).toBeNull();
    await act(async () => {
      await expect(result.current.sendTransactionAsync({ transfer: { amount: 1n, toAddress: user.solanaAddress! } })).rejects.toThrow("no solana address");
    });
    expect(result.current.error?.name).toBe("NoSolanaAddressError");
    expect(fetch).not.toHaveBeenCalled();
  });
});
