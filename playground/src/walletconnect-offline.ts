// The WalletConnect SDK's own test switch, for a page that pairs through the local relay: offline,
// its Verify step would wait for (and frame) a hosted page, and its telemetry would call out. The
// SDK reads `process.env.IS_VITEST` at run time; under that switch it also probes a React Native
// global (`global?.Linking`), which a browser lacks, so `global` is aliased too. Playground only:
// an app on the hosted relay needs none of this.
export function enableWalletConnectOffline(): void {
  const page = globalThis as unknown as { process?: { env?: Record<string, string> }; global?: unknown };
  page.process ??= { env: {} };
  page.process.env ??= {};
  page.process.env.IS_VITEST = "true";
  page.global ??= globalThis;
}
