import { afterEach, describe, expect, it, vi } from "vitest";
import {
  confirmSolanaTransaction,
  FEE_PAYER_METHOD,
  requestFeePayer,
  sendSolanaTransaction,
  SolanaSponsorshipError,
  type SolanaSigner,
  transferSolInstruction,
  type SolanaEndpoint,
} from "latch-kit/plugins/solana-embedded";
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Transaction,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";

const USER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" as Address;
const SPONSOR = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T" as Address;
const TO = "GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW" as Address;
const BLOCKHASH = { blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N" as Blockhash, lastValidBlockHeight: 150n };
const RPC = "https://solana-devnet.example.com/v2/key";

function transfer(feePayer: Address, amount = 5_000_000n, to = TO): Transaction {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: { address: USER } as never, destination: to, amount })], m),
    ),
  );
}
const b64 = (tx: Transaction) => getBase64Decoder().decode(getTransactionEncoder().encode(tx));
const fakeFetch = (answer: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(typeof answer === "string" ? answer : JSON.stringify(answer), { status, headers: { "content-type": "application/json" } }));

afterEach(() => vi.restoreAllMocks());

describe("fee-payer request (spec §7 Fee sponsorship on Solana)", () => {
  it("POSTs a JSON-RPC body to the Solana endpoint: the method, policyId and the base64 serialized transaction", async () => {
    const sponsored = transfer(SPONSOR);
    const fetch = fakeFetch({ jsonrpc: "2.0", id: 1, result: { serializedTransaction: b64(sponsored) } });
    const sent = transfer(USER);
    const answer = await requestFeePayer({ rpcUrl: RPC, policyId: "policy-1", transaction: sent, headers: { authorization: "Bearer k" }, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(RPC);
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ "content-type": "application/json", authorization: "Bearer k" });
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ jsonrpc: "2.0", method: FEE_PAYER_METHOD, params: [{ policyId: "policy-1", serializedTransaction: b64(sent) }] });
    expect(FEE_PAYER_METHOD).toBe("alchemy_requestFeePayer");
    expect(typeof body.id).toBe("number");
    // The answer is read from result.serializedTransaction.
    expect(answer).toEqual(getTransactionDecoder().decode(getBase64Encoder().encode(b64(sponsored))));
  });

  it("fails with the provider's message when sponsorship is refused, or when the answer has no serializedTransaction", async () => {
    const refused = fakeFetch({ jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Unknown policy: nope" } });
    await expect(requestFeePayer({ rpcUrl: RPC, policyId: "nope", transaction: transfer(USER), fetch: refused })).rejects.toThrow(
      "Fee sponsorship refused: Unknown policy: nope",
    );
    const empty = fakeFetch({ jsonrpc: "2.0", id: 1, result: {} });
    await expect(requestFeePayer({ rpcUrl: RPC, policyId: "p", transaction: transfer(USER), fetch: empty })).rejects.toThrow(
      "The fee-payer answer has no result.serializedTransaction",
    );
    const http = fakeFetch("upstream down", 502);
    await expect(requestFeePayer({ rpcUrl: RPC, policyId: "p", transaction: transfer(USER), fetch: http })).rejects.toThrow(
      "Fee sponsorship request failed (502): upstream down",
    );
    const garbage = fakeFetch({ jsonrpc: "2.0", id: 1, result: { serializedTransaction: "AAAA" } });
    await expect(requestFeePayer({ rpcUrl: RPC, policyId: "p", transaction: transfer(USER), fetch: garbage })).rejects.toBeInstanceOf(SolanaSponsorshipError);
  });

  it("refuses an answer that changes more than the fee payer (amount, recipient)", async () => {
    for (const changed of [transfer(SPONSOR, 9_000_000n), transfer(SPONSOR, 5_000_000n, USER)]) {
      const fetch = fakeFetch({ jsonrpc: "2.0", id: 1, result: { serializedTransaction: b64(changed) } });
      await expect(requestFeePayer({ rpcUrl: RPC, policyId: "p", transaction: transfer(USER), fetch })).rejects.toThrow(
        "The fee-payer answer changed the transaction beyond its fee payer",
      );
    }
  });
});

describe("confirmation with a commitment (default confirmed)", () => {
  const SIG = "5".repeat(88);
  const endpoint: SolanaEndpoint = { rpcUrl: "http://localhost:1", network: "localnet", chainId: "solana:localnet", commitment: "confirmed", headers: {} };
  /** A fake Solana endpoint answering statuses (then block heights) in turn. */
  function fakeRpc(statuses: unknown[], heights: number[] = [1]) {
    const calls: string[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const { method, id } = JSON.parse(String(init?.body));
      calls.push(method);
      const result =
        method === "getSignatureStatuses"
          ? { context: { slot: 1 }, value: [statuses.length > 1 ? statuses.shift() : statuses[0]] }
          : heights.length > 1 ? heights.shift() : heights[0];
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
    return { fetch, calls };
  }

  it("waits through processed until confirmed (finalized also counts)", async () => {
    const rpc = fakeRpc([null, { confirmationStatus: "processed", err: null }, { confirmationStatus: "confirmed", err: null }]);
    await confirmSolanaTransaction(endpoint, SIG, { lastValidBlockHeight: 100n, pollIntervalMs: 1, fetch: rpc.fetch });
    expect(rpc.calls.filter((c) => c === "getSignatureStatuses")).toHaveLength(3);
    await confirmSolanaTransaction(endpoint, SIG, { lastValidBlockHeight: 100n, fetch: fakeRpc([{ confirmationStatus: "finalized", err: null }]).fetch });
  });

  it("waits for finalized when asked", async () => {
    const rpc = fakeRpc([{ confirmationStatus: "confirmed", err: null }, { confirmationStatus: "finalized", err: null }]);
    await confirmSolanaTransaction(endpoint, SIG, { lastValidBlockHeight: 100n, commitment: "finalized", pollIntervalMs: 1, fetch: rpc.fetch });
    expect(rpc.calls.filter((c) => c === "getSignatureStatuses")).toHaveLength(2);
  });

  it("throws the on-chain error, and throws once the block height passes the last valid one", async () => {
    const failed = fakeRpc([{ confirmationStatus: "confirmed", err: { InstructionError: [0, { Custom: 1 }] } }]);
    await expect(confirmSolanaTransaction(endpoint, SIG, { lastValidBlockHeight: 100n, fetch: failed.fetch })).rejects.toThrow(
      'failed: {"InstructionError":[0,{"Custom":1}]}',
    );
    const expired = fakeRpc([null], [99, 101]);
    await expect(confirmSolanaTransaction(endpoint, SIG, { lastValidBlockHeight: 100n, pollIntervalMs: 1, fetch: expired.fetch })).rejects.toThrow(
      "expired: block height 101 passed 100",
    );
  });
});

describe("the transfer instruction", () => {
  it("is the System program's Transfer, byte for byte as @solana-program/system builds it", () => {
    for (const amount of [0n, 1n, 5_000_000n, 2n ** 64n - 1n]) {
      const ours = transferSolInstruction({ source: USER, destination: TO, amount });
      const theirs = getTransferSolInstruction({ source: { address: USER, signTransactions: async () => [] } as never, destination: TO, amount }); // a signer: role writable signer
      expect(ours.programAddress).toBe(theirs.programAddress);
      expect(ours.accounts!.map((a) => [a.address, a.role])).toEqual(theirs.accounts.map((a) => [a.address, a.role]));
      expect(Buffer.from(ours.data!).toString("hex")).toBe(Buffer.from(theirs.data).toString("hex"));
    }
    expect(() => transferSolInstruction({ source: USER, destination: TO, amount: -1n })).toThrow("u64");
    expect(() => transferSolInstruction({ source: USER, destination: TO, amount: 2n ** 64n })).toThrow("u64");
  });
});

describe("giving up (AbortSignal)", () => {
  const endpoint: SolanaEndpoint = { rpcUrl: "http://localhost:1", network: "localnet", chainId: "solana:localnet", commitment: "confirmed", headers: {} };
  const source = "11111111111111111111111111111112" as Address;

  it("sendSolanaTransaction: an endpoint that never answers is given up on at once, and nothing is signed", async () => {
    const signTransaction = vi.fn();
    const signer = { address: source, signTransaction } as unknown as SolanaSigner;
    const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const sending = sendSolanaTransaction(endpoint, signer, { transfer: { amount: 1n, toAddress: "11111111111111111111111111111113" } }, { fetch, signal: controller.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    controller.abort();
    await expect(sending).rejects.toMatchObject({ name: "AbortError" });
    expect(signTransaction).not.toHaveBeenCalled();
  });

  it("confirmSolanaTransaction stops polling once aborted", async () => {
    const controller = new AbortController();
    let polls = 0;
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const { id } = JSON.parse(String(init?.body));
      if (++polls === 2) controller.abort();
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result: { context: { slot: 1 }, value: [null] } }));
    });
    await expect(confirmSolanaTransaction(endpoint, "5".repeat(88), { pollIntervalMs: 1, fetch, signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(polls).toBe(2);
  });
});
