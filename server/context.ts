export type { ServerContext } from "./engine-contract";
