import { useEffect, useMemo, useReducer } from "react";
import type { Kit } from "latch-kit";
import type { ExternalWalletsSectionConfig } from "./config";
import { walletList, type WalletList, type WalletListInput } from "./list";
import { walletSources, type WalletSource } from "./sources";

/** The wallet list input from what every registered source offers now. */
export function walletListInput(sources: readonly WalletSource[], config?: ExternalWalletsSectionConfig): WalletListInput {
  const input: WalletListInput = {
    ...(config?.wallets ? { configured: config.wallets } : {}),
    ...(config?.chainType ? { chainTypes: config.chainType } : {}),
  };
  for (const source of sources) {
    const snap = source.snapshot();
    if (snap.kind === "evm") input.evm = { source: source.id, connectors: [...(input.evm?.connectors ?? []), ...snap.connectors] };
    else if (snap.kind === "svm") input.svm = { source: source.id, wallets: [...(input.svm?.wallets ?? []), ...snap.wallets] };
    else if (snap.kind === "remote-pairing") input.remotePairing = snap.option ?? input.remotePairing ?? null;
    else if (snap.kind === "entries") input.entries = [...(input.entries ?? []), ...snap.entries];
  }
  return input;
}

/** The wallet list, live: it follows wallets being announced (EIP-6963) or going away. */
export function useWalletList(kit: Kit, config?: ExternalWalletsSectionConfig): WalletList {
  const sources = useMemo(() => walletSources(kit), [kit]);
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const offs = sources.map((s) => s.subscribe(bump));
    bump(); // a source may have changed between render and subscribe
    return () => offs.forEach((off) => off());
  }, [sources]);
  const snapshots = sources.map((s) => s.snapshot());
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => walletList(walletListInput(sources, config)), [sources, config, version, ...snapshots]);
}
