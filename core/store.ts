import { atom, createStore } from "jotai/vanilla";
import type { AuthStep } from "./steps";
import type { SignerStatus, User } from "./types";

/** Texts by table and key, e.g. `{ email: { title: "…" } }`. */
export type StringTables = Record<string, Record<string, string>>;

/** The kit's state store (jotai). */
export type KitStore = ReturnType<typeof createStore>;

/** Atoms are created per kit, so two kits never share state even if a store were shared. */
export function createKitAtoms(initial: { strings?: StringTables; locale?: string } = {}) {
  return {
    /** Replacement texts per string table id: a translation, switchable at runtime. */
    strings: atom<StringTables>(initial.strings ?? {}),
    /** BCP 47 locale of the dialog; its direction (ltr / rtl) follows. */
    locale: atom<string | undefined>(initial.locale),
    authStep: atom<AuthStep>({ type: "initial" }),
    modalOpen: atom(false),
    status: atom<SignerStatus>("INITIALIZING"),
    user: atom<User | null>(null),
    /** onAuthSuccess ran for the user now signed in (it runs once per sign-in, not per 'complete'). */
    authSuccessReported: atom(false),
  };
}

/** The kit's state atoms (status, user, step, strings, locale, …). */
export type KitAtoms = ReturnType<typeof createKitAtoms>;

export function createKitStore(): KitStore {
  return createStore();
}
