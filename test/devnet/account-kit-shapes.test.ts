// @vitest-environment happy-dom
// What an Account Kit app does with its smart-account client and useSendUserOperation, on the devnet:
// the client is a viem client (viem's actions on it, its public actions by extend, account.address), `{ uo }` call shapes, react-query style
// callbacks, and `hash` meaning the transaction's hash when the hook waits for it.
import { act, renderHook } from "@testing-library/react";
import { erc20Abi, parseEther, publicActions } from "viem";
import { getBalance } from "viem/actions";
import { waitForUserOperationTransaction } from "../../core/chain";
import { entryPoint07Abi, getUserOperationReceipt } from "viem/account-abstraction";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSendUserOperation, type SendUserOperationResult } from "../../plugins/smart-accounts";
import { type Devnet, startDevnet } from "../../server/devnet";
import { accountOf, BURN, type Kit, kitFor, newOwner, randomAddress, setBalance, sponsoredClient } from "./support";

let devnet: Devnet;
let kit: Kit;
beforeAll(async () => void (kit = kitFor((devnet = await startDevnet({ port: 0 })))));
afterAll(() => devnet?.stop());

describe("the smart-account client is a viem client", () => {
  it("has the account's address, takes viem's actions, and extends with its public actions: getBalance, readContract, waitForTransactionReceipt", async () => {
    const account = await accountOf(kit, "LightAccount", newOwner());
    const smartAccountClient = sponsoredClient(account, { transport: kit.transport });
    expect(smartAccountClient.account.address).toBe(account.address);
    await setBalance(devnet, account.address, parseEther("1"));
    expect(await getBalance(smartAccountClient, { address: account.address })).toBe(parseEther("1"));
    const client = smartAccountClient.extend(publicActions);
    expect(await client.getBalance({ address: account.address })).toBe(parseEther("1"));
    expect(await client.getChainId()).toBe(kit.chain.id);
    const nonce = () => client.readContract({ address: account.entryPoint.address, abi: entryPoint07Abi, functionName: "getNonce", args: [account.address, 0n] });
    expect(await nonce()).toBe(0n);

    const { result } = renderHook(() => useSendUserOperation({ client: smartAccountClient, waitForTxn: true }));
    let sent!: SendUserOperationResult;
    await act(async () => {
      sent = await result.current.sendUserOperationAsync({ uo: { target: BURN, data: "0x" } });
    });
    const receipt = await client.waitForTransactionReceipt({ hash: sent.hash });
    expect(receipt.status).toBe("success");
    expect(await nonce()).toBe(1n);
    // A contract read through the client that fails says so (a viem error, not a crash).
    await expect(client.readContract({ address: randomAddress(), abi: erc20Abi, functionName: "totalSupply" })).rejects.toThrow();
  });
});

describe("useSendUserOperation with Account Kit's call shapes and meanings", () => {
  it("takes { uo } (one call or a batch); with waitForTxn, hash is the transaction's and userOperationHash the operation's", async () => {
    const client = sponsoredClient(await accountOf(kit, "LightAccount", newOwner()), { transport: kit.transport });
    const calls: string[] = [];
    const { result } = renderHook(() =>
      useSendUserOperation({
        client,
        waitForTxn: true,
        onMutate: (variables) => {
          calls.push(`mutate ${JSON.stringify("uo" in variables ? "uo" : "calls")}`);
          return "context";
        },
        onSuccess: (data, _variables, context) => void calls.push(`success ${data.hash} ${String(context)}`),
        onError: (error) => void calls.push(`error ${error.message}`),
        onSettled: (data, error) => void calls.push(`settled ${data?.hash ?? "none"} ${error?.message ?? "no error"}`),
      }),
    );
    let sent!: SendUserOperationResult;
    await act(async () => {
      sent = await result.current.sendUserOperationAsync({ uo: [{ target: BURN, data: "0x" }, { target: randomAddress(), data: "0x", value: 0n }] });
    });
    const operation = await getUserOperationReceipt(client.bundler, { hash: sent.userOperationHash });
    expect(sent.hash).toBe(operation.receipt.transactionHash);
    expect(sent.transactionHash).toBe(sent.hash);
    expect(sent.userOperationHash).not.toBe(sent.hash);
    expect(result.current.sendUserOperationResult).toEqual(sent);
    expect(calls).toEqual([`mutate "uo"`, `success ${sent.hash} context`, `settled ${sent.hash} no error`]);
  });

  it("without waitForTxn, hash is the user operation's; a client not ready goes to onError and error", async () => {
    const client = sponsoredClient(await accountOf(kit, "LightAccount", newOwner()), { transport: kit.transport });
    const sending = renderHook(() => useSendUserOperation({ client }));
    let sent!: SendUserOperationResult;
    await act(async () => {
      sent = await sending.result.current.sendUserOperationAsync({ calls: [{ to: BURN, data: "0x" }] });
    });
    expect(sent.hash).toBe(sent.userOperationHash);
    expect(sent.transactionHash).toBeUndefined();
    const operation = await client.extend(publicActions).waitForTransactionReceipt({ hash: await waitForUserOperationTransaction(client, { hash: sent.userOperationHash }) });
    expect(operation.status).toBe("success");

    const errors: string[] = [];
    const notReady = renderHook(() => useSendUserOperation({ client: null, onError: (error) => void errors.push(error.message) }));
    await act(async () => {
      notReady.result.current.sendUserOperation({ uo: { target: BURN, data: "0x" } });
    });
    expect(errors).toEqual(["The smart account client is not ready"]);
    expect(notReady.result.current.error?.message).toBe("The smart account client is not ready");
  });
});
