// User operations beyond the happy path: drop-and-replace, fee override options, policies, paying gas
// without sponsorship, and the receipt wait giving up.
import { type Hash, parseEther } from "viem";
import { getUserOperationReceipt } from "viem/account-abstraction";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ChainConfigError,
  UserOperationNotFoundError,
  bumpFee,
  createSmartAccountClient,
  dropAndReplaceUserOperation,
  estimateUserOperationFees,
  sendUserOperation,
  waitForUserOperationReceipt,
  waitForUserOperationTransaction,
} from "../../core/chain";
import { type Devnet, startDevnet } from "../../server/devnet";
import { accountOf, BURN, FAST_RETRY, type Kit, kitFor, newOwner, randomAddress, rpc, setBalance, sponsoredClient } from "./support";

let devnet: Devnet;
let kit: Kit;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  kit = kitFor(devnet);
});

afterAll(async () => {
  await devnet?.stop();
});

async function setBundlingMode(mode: "auto" | "manual") {
  const answer = await rpc(devnet.bundlerUrl, "debug_bundler_setBundlingMode", [mode]);
  expect(answer.error).toBeUndefined();
}

it("drops a pending user operation and replaces it with higher fees", async () => {
  const client = sponsoredClient(await accountOf(kit, "LightAccount", newOwner()));
  // Manual bundling holds operations in the bundler's mempool, as a congested chain would.
  await setBundlingMode("manual");
  let pending: Awaited<ReturnType<typeof sendUserOperation>>;
  let replacement: Awaited<ReturnType<typeof sendUserOperation>>;
  try {
    pending = await sendUserOperation(client, { calls: [{ to: BURN, data: "0xdead" }] });
    await expect(getUserOperationReceipt(client.bundler, { hash: pending.hash })).rejects.toThrow();

    // Without the bump a bundler refuses another operation on the same nonce.
    const { callData, nonce, maxFeePerGas, maxPriorityFeePerGas } = pending.request;
    await expect(
      sendUserOperation(client, {
        calls: [{ to: BURN, data: "0xbeef" }],
        nonce,
        feeOptions: { maxFeePerGas: { max: maxFeePerGas }, maxPriorityFeePerGas: { max: maxPriorityFeePerGas } },
      }),
    ).rejects.toThrow(/bump the gas price/);

    replacement = await dropAndReplaceUserOperation(client, { uoToDrop: pending.request });
    expect(replacement.hash).not.toBe(pending.hash);
    expect(replacement.request.nonce).toBe(nonce);
    expect(replacement.request.callData).toBe(callData);
    expect(replacement.request.factory).toBe(pending.request.factory);
    expect(replacement.request.maxFeePerGas).toBeGreaterThanOrEqual(bumpFee(maxFeePerGas));
    expect(replacement.request.maxPriorityFeePerGas).toBeGreaterThanOrEqual(bumpFee(maxPriorityFeePerGas));
  } finally {
    await setBundlingMode("auto");
  }
  const receipt = await waitForUserOperationReceipt(client, { hash: replacement.hash });
  expect(receipt.success).toBe(true);
  expect(receipt.nonce).toBe(pending.request.nonce);
  await expect(
    waitForUserOperationReceipt(client, { hash: pending.hash, retry: { txMaxRetries: 3, txRetryIntervalMs: 50 } }),
  ).rejects.toBeInstanceOf(UserOperationNotFoundError);
});

it("applies fee override options to the estimates it sends", async () => {
  const account = await accountOf(kit, "ModularAccountV2", newOwner());
  const client = sponsoredClient(account, {
    feeOptions: {
      maxPriorityFeePerGas: { multiplier: 1.5 },
      maxFeePerGas: { multiplier: 2 },
      callGasLimit: { min: 250_000 },
      verificationGasLimit: { min: "0x0f4240" },
      preVerificationGas: { multiplier: 1.1 },
    },
  });
  const estimate = await estimateUserOperationFees(client.bundler);
  const { hash, request } = await sendUserOperation(client, { calls: [{ to: BURN }] });
  expect(request.maxPriorityFeePerGas).toBeGreaterThanOrEqual((estimate.maxPriorityFeePerGas * 3n) / 2n);
  expect(request.maxFeePerGas).toBeGreaterThanOrEqual(estimate.maxFeePerGas * 2n);
  expect(request.callGasLimit).toBeGreaterThanOrEqual(250_000n);
  expect(request.verificationGasLimit).toBeGreaterThanOrEqual(1_000_000n);
  expect((await waitForUserOperationReceipt(client, { hash })).success).toBe(true);
});

it("refuses invalid fee options and retry settings with the spec's messages", async () => {
  const account = await accountOf(kit, "LightAccount", newOwner());
  expect(() => createSmartAccountClient({ account, feeOptions: { maxFeePerGas: { multiplier: 1.00001 } } })).toThrow(
    "Max precision is 4 decimal places",
  );
  expect(() => createSmartAccountClient({ account, retry: { txMaxRetries: -1 } })).toThrow(ChainConfigError);
});

it("sends the policy to the paymaster, which refuses a policy it does not know", async () => {
  const account = await accountOf(kit, "LightAccount", newOwner());
  const client = createSmartAccountClient({ account, policyId: "no-such-policy", retry: FAST_RETRY });
  await expect(sendUserOperation(client, { calls: [{ to: BURN }] })).rejects.toThrow(
    /Unknown sponsorship policy: no-such-policy/,
  );
});

it("pays its own gas when not sponsored", async () => {
  const account = await accountOf(kit, "MultiOwnerModularAccount", newOwner());
  const client = createSmartAccountClient({ account, retry: FAST_RETRY });
  await setBalance(devnet, account.address, parseEther("1"));
  const recipient = randomAddress();
  const { hash, request } = await sendUserOperation(client, { calls: [{ to: recipient, value: parseEther("0.25") }] });
  expect(request.paymaster).toBeUndefined();
  const transactionHash = await waitForUserOperationTransaction(client, { hash });
  expect(transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await kit.publicClient.getBalance({ address: recipient })).toBe(parseEther("0.25"));
  expect(await kit.publicClient.getBalance({ address: account.address })).toBeLessThan(parseEther("0.75"));
});

it("gives up waiting after the retry settings with a clear error", async () => {
  const client = sponsoredClient(await accountOf(kit, "LightAccount", newOwner()));
  const unknown = `0x${"ab".repeat(32)}` as Hash;
  const started = performance.now();
  const error = await waitForUserOperationReceipt(client, {
    hash: unknown,
    retry: { txMaxRetries: 2, txRetryIntervalMs: 20, txRetryMultiplier: 2 },
  }).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(UserOperationNotFoundError);
  expect((error as Error).message).toBe(`Failed to find transaction for user operation ${unknown} after 3 attempts`);
  expect(performance.now() - started).toBeGreaterThanOrEqual(55);
});
