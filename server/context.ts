export type { EmulatorContext } from "./engine-contract";
