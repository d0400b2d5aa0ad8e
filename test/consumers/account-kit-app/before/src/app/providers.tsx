"use client";
import type { PropsWithChildren } from "react";
import type { AlchemyClientState } from "@account-kit/core";
import { AlchemyAccountProvider } from "@account-kit/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { config, queryClient } from "@/config";

export const Providers = (props: PropsWithChildren<{ initialState?: AlchemyClientState }>) => (
  <QueryClientProvider client={queryClient}>
    <AlchemyAccountProvider config={config} queryClient={queryClient} initialState={props.initialState}>
      {props.children}
    </AlchemyAccountProvider>
  </QueryClientProvider>
);
