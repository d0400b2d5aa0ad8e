import { defineService } from "../services";
import type { Kit } from "../kit-types";
import { EmbeddedSigner } from "./signer";

/** The kit's embedded signer, created on first use in the kit's container. */
export const embeddedSignerService = defineService("EmbeddedSigner", { create: (kit) => new EmbeddedSigner(kit) });
/** The kit's embedded signer (installed by any embedded sign-in plugin). */
export const getEmbeddedSigner = (kit: Kit): EmbeddedSigner => embeddedSignerService.of(kit);

