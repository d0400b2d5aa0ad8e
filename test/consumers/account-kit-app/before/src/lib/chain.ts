// The chain the app mints on.
export { sepolia as chain } from "@account-kit/infra";
