import { useState } from "react";
import { defineService, type Kit } from "latch-kit";

/**
 * What the user typed in the sign-in fields, kept by the kit for the life of the page: going back
 * from the code screen, or closing and reopening the dialog, shows the address again (fixing a typo
 * needs no retyping). A completed sign-in forgets it.
 */
export class SignInDrafts {
  private readonly values = new Map<string, string>();

  constructor(kit: Kit) {
    kit.events.on("connected", () => this.values.clear());
  }

  get(field: string): string | undefined {
    return this.values.get(field);
  }

  set(field: string, value: string): void {
    if (value) this.values.set(field, value);
    else this.values.delete(field);
  }
}

const draftsService = defineService("sign-in.Drafts", { create: (kit) => new SignInDrafts(kit) });

/** A field's value that outlives the section showing it (`[value, setValue]`, like useState). */
export function useDraft(kit: Kit, field: string, initial = ""): [string, (value: string) => void] {
  const drafts = draftsService.of(kit);
  const [value, setValue] = useState(() => drafts.get(field) ?? initial);
  return [
    value,
    (next) => {
      drafts.set(field, next);
      setValue(next);
    },
  ];
}
