// What the signer hashes locally before signing (EIP-191, EIP-712). Loaded on the first signature
// (`import("./hashing")`): an app's first screen needs no viem.
export { hashMessage, hashTypedData } from "viem";
