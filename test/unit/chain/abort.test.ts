// Smart-account actions take an AbortSignal: an account that never signs and a bundler that never
// includes the operation give up at once when aborted, and stop polling.
import { describe, expect, it } from "vitest";
import { createClient, custom } from "viem";
import { resolveRetrySettings, sendPreparedUserOperation, signMessage, signTypedData, waitForUserOperationReceipt, type SmartAccountClient } from "../../../core/chain";

const HASH = `0x${"ab".repeat(32)}` as const;

/** A bundler that answers every receipt look-up with "not yet", counting them. */
function pendingBundler() {
  const calls: string[] = [];
  const bundler = createClient({ transport: custom({ request: async ({ method }: { method: string }) => (calls.push(method), null) }) });
  return { bundler, calls };
}

describe("smart-account actions give up when aborted", () => {
  it("waiting for a receipt: aborting during the back-off rejects at once and stops the look-ups", async () => {
    const { bundler, calls } = pendingBundler();
    const client = { bundler, retry: resolveRetrySettings({ txMaxRetries: 50, txRetryIntervalMs: 60_000, txRetryMultiplier: 1 }) } as unknown as SmartAccountClient;
    const controller = new AbortController();
    const waiting = waitForUserOperationReceipt(client, { hash: HASH }, { signal: controller.signal });
    await expect.poll(() => calls.length).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toEqual(["eth_getUserOperationReceipt"]);
  });

  it("sending: an owner that never signs is given up on, and nothing reaches the bundler", async () => {
    const { bundler, calls } = pendingBundler();
    const client = {
      bundler,
      chain: { id: 31337 },
      account: { signUserOperation: () => new Promise(() => undefined), entryPoint: { address: "0x0000000071727De22E5E9d8BAf0edAc6f37da032" } },
    } as unknown as SmartAccountClient;
    const controller = new AbortController();
    const sending = sendPreparedUserOperation(client, {} as never, { signal: controller.signal });
    controller.abort();
    await expect(sending).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toEqual([]);
  });

  it("signing as the smart account: an owner that never answers is given up on", async () => {
    const never = () => new Promise(() => undefined);
    const client = { account: { signMessage: never, signTypedData: never } } as unknown as SmartAccountClient;
    for (const start of [
      (signal: AbortSignal) => signMessage(client, { message: "hello" }, { signal }),
      (signal: AbortSignal) => signTypedData(client, { domain: {}, types: { M: [{ name: "a", type: "uint256" }] }, primaryType: "M", message: { a: 1n } }, { signal }),
    ]) {
      const controller = new AbortController();
      const pending = start(controller.signal);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    }
  });
});
