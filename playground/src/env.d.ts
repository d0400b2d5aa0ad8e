declare const __EMULATOR_URL__: string;
declare const __DEVNET_RPC_URL__: string;
declare const __DEVNET_BUNDLER_URL__: string;
declare const __DEVNET_PAYMASTER_URL__: string;
declare const __SOLANA_RPC_URL__: string;
declare const __WALLETCONNECT_RELAY_URL__: string;
