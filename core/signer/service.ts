import { defineService } from "../container";
import type { Kit } from "../kit-types";
import { AccountChanges } from "./account";
import { EmbeddedSigner } from "./signer";

/** The kit's embedded signer, created on first use in the kit's container. */
export const embeddedSignerService = defineService("EmbeddedSigner", { create: (kit) => new EmbeddedSigner(kit) });
export const getEmbeddedSigner = (kit: Kit): EmbeddedSigner => embeddedSignerService.of(kit);

/** Email and phone changes for the kit's signed-in user. */
export const accountChangesService = defineService("AccountChanges", { create: (kit) => new AccountChanges(getEmbeddedSigner(kit)) });
export const getAccountChanges = (kit: Kit): AccountChanges => accountChangesService.of(kit);
