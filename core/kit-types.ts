// The kit's interface and events live in the kit contract (core/kit-contract.ts), with the plugin
// and config types they are made of.
export type { Kit, KitEventRegistry } from "./kit-contract";
