import { atom, createStore } from "jotai/vanilla";
import type { AuthStep } from "./steps";
import type { SignerStatus, User } from "./types";

export type KitStore = ReturnType<typeof createStore>;

/** Atoms are created per kit, so two kits never share state even if a store were shared. */
export function createKitAtoms() {
  return {
    authStep: atom<AuthStep>({ type: "initial" }),
    modalOpen: atom(false),
    status: atom<SignerStatus>("INITIALIZING"),
    user: atom<User | null>(null),
  };
}

export type KitAtoms = ReturnType<typeof createKitAtoms>;

export function createKitStore(): KitStore {
  return createStore();
}
