// The provider transport (spec §7, §8): routing, headers, errors.
import { type Chain, createClient, createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { SDK_VERSION, SDK_VERSION_HEADER } from "../../../core/constants";
import {
  BUNDLER_METHODS,
  CONNECTION_CREDENTIAL_REQUIRED,
  ChainConfigError,
  ChainNotSuppliedError,
  DuplicateTransportMethodError,
  PAYMASTER_METHODS,
  ProviderRpcUrlError,
  WALLET_METHODS,
  devnetChain,
  latchTransport,
  split,
  validateConnectionConfig,
} from "../../../core/chain";
import { fakeProvider } from "./fake-provider";

const hostedChain: Chain = {
  id: 11155111,
  name: "Sepolia",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://public.example"] }, provider: { http: ["https://provider.example/v2"] } },
};

const bareChain: Chain = { ...hostedChain, rpcUrls: { default: { http: ["https://public.example"] } } };

describe("connection config", () => {
  it("needs at least one of rpcUrl, apiKey or jwt", () => {
    expect(() => validateConnectionConfig({})).toThrow(CONNECTION_CREDENTIAL_REQUIRED);
    expect(() => validateConnectionConfig({ chainAgnosticUrl: "https://agnostic.example" })).toThrow(
      "At least one of rpcUrl, apiKey or jwt is required",
    );
    expect(() => latchTransport({})).toThrow(ChainConfigError);
    for (const config of [{ rpcUrl: "https://x" }, { apiKey: "key" }, { jwt: "a.b.c" }]) {
      expect(validateConnectionConfig(config)).toEqual(config);
    }
  });

  it("refuses empty or non-string fields, naming them", () => {
    const error = (() => {
      try {
        validateConnectionConfig({ apiKey: "" });
      } catch (thrown) {
        return thrown as ChainConfigError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ChainConfigError);
    expect(error?.path).toBe("apiKey");
    expect(() => validateConnectionConfig({ rpcUrl: 42 as unknown as string })).toThrow(ChainConfigError);
  });
});

describe("latchTransport", () => {
  it("refuses a client without a chain", () => {
    expect(() => createClient({ transport: latchTransport({ apiKey: "key" }) })).toThrow(ChainNotSuppliedError);
    expect(() => createClient({ transport: latchTransport({ apiKey: "key" }) })).toThrow(
      "No chain was supplied to the client",
    );
  });

  it("needs the chain's provider rpc url when no rpcUrl is given", () => {
    expect(() => createClient({ chain: bareChain, transport: latchTransport({ apiKey: "key" }) })).toThrow(
      ProviderRpcUrlError,
    );
    expect(() => createClient({ chain: bareChain, transport: latchTransport({ apiKey: "key" }) })).toThrow(
      "The chain must include a provider rpc url",
    );
    expect(() => createClient({ chain: bareChain, transport: latchTransport({ rpcUrl: "https://mine" }) })).not.toThrow();
  });

  it("sends the Bearer credential (JWT over API key) and the SDK version header, with no retries", async () => {
    const provider = fakeProvider({ eth_chainId: "0xaa36a7" }, { "https://provider.example/v2": 1 });
    const client = createPublicClient({
      chain: hostedChain,
      transport: latchTransport({ apiKey: "the-api-key", jwt: "the.jwt.token", fetchFn: provider.fetchFn }),
    });
    await expect(client.getChainId()).rejects.toThrow();
    expect(provider.calls).toHaveLength(1);
    expect(await client.getChainId()).toBe(11155111);
    const [call] = provider.calls.slice(-1);
    expect(call?.url).toBe("https://provider.example/v2");
    expect(call?.headers.authorization).toBe("Bearer the.jwt.token");
    expect(call?.headers[SDK_VERSION_HEADER.toLowerCase()]).toBe(SDK_VERSION);
    expect(SDK_VERSION).toBe("4.65.0");

    const keyOnly = fakeProvider({ eth_chainId: "0xaa36a7" });
    await createPublicClient({
      chain: hostedChain,
      transport: latchTransport({ apiKey: "the-api-key", fetchFn: keyOnly.fetchFn }),
    }).getChainId();
    expect(keyOnly.calls[0]?.headers.authorization).toBe("Bearer the-api-key");

    const urlOnly = fakeProvider({ eth_chainId: "0xaa36a7" });
    await createPublicClient({
      chain: hostedChain,
      transport: latchTransport({ rpcUrl: "https://own.example", fetchFn: urlOnly.fetchFn }),
    }).getChainId();
    expect(urlOnly.calls[0]?.url).toBe("https://own.example");
    expect(urlOnly.calls[0]?.headers.authorization).toBeUndefined();
  });

  it("routes user-operation, paymaster and wallet methods to their endpoints, the rest to the node", async () => {
    const answers = Object.fromEntries(
      [...BUNDLER_METHODS, ...PAYMASTER_METHODS, ...WALLET_METHODS, "eth_blockNumber"].map((method) => [
        method,
        (_params: unknown, url: string) => url,
      ]),
    );
    const provider = fakeProvider(answers);
    const chain = devnetChain({
      rpcUrl: "http://node.test",
      bundlerUrl: "http://bundler.test",
      paymasterUrl: "http://paymaster.test",
    });
    const client = createClient({
      chain,
      transport: latchTransport({
        rpcUrl: "http://node.test",
        chainAgnosticUrl: "http://agnostic.test",
        fetchFn: provider.fetchFn,
      }),
    });
    const where = async (method: string) => (await client.request({ method, params: [] } as never)) as string;
    for (const method of BUNDLER_METHODS) expect(await where(method)).toBe("http://bundler.test");
    for (const method of PAYMASTER_METHODS) expect(await where(method)).toBe("http://paymaster.test");
    for (const method of WALLET_METHODS) expect(await where(method)).toBe("http://agnostic.test");
    expect(await where("eth_blockNumber")).toBe("http://node.test");
    expect(BUNDLER_METHODS).toContain("rundler_maxPriorityFeePerGas");
    expect(PAYMASTER_METHODS).toContain("alchemy_requestGasAndPaymasterAndData");
    expect(WALLET_METHODS).toContain("wallet_requestQuote_v0");
  });

  it("sends everything to one URL when the provider serves it all (no bundler or paymaster URL)", async () => {
    const provider = fakeProvider({ eth_sendUserOperation: "0x01", pm_getPaymasterData: {}, wallet_listAccounts: [] });
    const client = createClient({
      chain: hostedChain,
      transport: latchTransport({ jwt: "jwt", fetchFn: provider.fetchFn }),
    });
    for (const method of ["eth_sendUserOperation", "pm_getPaymasterData", "wallet_listAccounts"]) {
      await client.request({ method, params: [] } as never);
    }
    expect(new Set(provider.calls.map((call) => call.url))).toEqual(new Set(["https://provider.example/v2"]));
  });

  it("retries the chain-agnostic URL, then falls back to the node URL", async () => {
    const provider = fakeProvider(
      { wallet_getCallsStatus: (_params: unknown, url: string) => url },
      { "http://agnostic.test": 3 },
    );
    const client = createClient({
      chain: hostedChain,
      transport: latchTransport({
        rpcUrl: "http://node.test",
        chainAgnosticUrl: "http://agnostic.test",
        chainAgnosticRetry: { retries: 2, delayMs: 1 },
        fetchFn: provider.fetchFn,
      }),
    });
    expect(await client.request({ method: "wallet_getCallsStatus", params: [] } as never)).toBe("http://node.test");
    expect(provider.calls.map((call) => call.url)).toEqual([
      "http://agnostic.test",
      "http://agnostic.test",
      "http://agnostic.test",
      "http://node.test",
    ]);

    const recovering = fakeProvider({ wallet_getCallsStatus: (_params: unknown, url: string) => url }, { "http://agnostic.test": 1 });
    const second = createClient({
      chain: hostedChain,
      transport: latchTransport({
        rpcUrl: "http://node.test",
        chainAgnosticUrl: "http://agnostic.test",
        chainAgnosticRetry: { delayMs: 1 },
        fetchFn: recovering.fetchFn,
      }),
    });
    expect(await second.request({ method: "wallet_getCallsStatus", params: [] } as never)).toBe("http://agnostic.test");
  });

  it("does not retry or fall back on an ordinary JSON-RPC error", async () => {
    const provider = fakeProvider({});
    const client = createClient({
      chain: hostedChain,
      transport: latchTransport({
        rpcUrl: "http://node.test",
        chainAgnosticUrl: "http://agnostic.test",
        chainAgnosticRetry: { delayMs: 1 },
        fetchFn: async (input, init) => {
          const response = await provider.fetchFn(input, init);
          const body = (await response.json()) as { id: number };
          return Response.json({ jsonrpc: "2.0", id: body.id, error: { code: -32602, message: "bad params" } });
        },
      }),
    });
    await expect(client.request({ method: "wallet_prepareCalls", params: [] } as never)).rejects.toThrow();
    expect(provider.calls.map((call) => call.url)).toEqual(["http://agnostic.test"]);
  });
});

describe("split", () => {
  it("refuses a method claimed by two transports", () => {
    const transport = http("http://a.test");
    expect(() =>
      split({
        overrides: [
          { methods: ["eth_sendUserOperation", "eth_chainId"], transport },
          { methods: ["pm_getPaymasterData", "eth_sendUserOperation"], transport },
        ],
        fallback: transport,
      }),
    ).toThrow(DuplicateTransportMethodError);
    expect(() =>
      split({ overrides: [{ methods: ["x", "x"], transport }], fallback: transport }),
    ).toThrow('The method "x" is handled by more than one transport');
  });
});
