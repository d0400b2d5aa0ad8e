import { defineListener, definePlugin, type LatchPlugin } from "latch-kit";
import { registerSmartAccounts, type SmartAccountsConfig } from "./service";

/**
 * Smart accounts for embedded-wallet users: on connect, a client per configured account type
 * (LightAccount by default) owned by the user's signer; on disconnect, cleared.
 *
 * @example
 * createKit({ plugins: [emailOtp(), smartAccounts({ chain: base, policyId: "my-policy" })] });
 */
export const smartAccounts = (config: SmartAccountsConfig): LatchPlugin => {
  let service: ReturnType<typeof registerSmartAccounts> | null = null;
  return definePlugin({
    id: "smart-accounts",
    /** Installs the kit's smart accounts, set up on sign-in and cleared on logout. */
    setup: (kit) => {
      service = registerSmartAccounts(kit, config);
      const user = kit.getUser();
      if (user) void service.connect(user);
    },
    listeners: [
      defineListener("connected", (user) => void service?.connect(user)),
      defineListener("disconnected", () => service?.clear()),
    ],
  });
};

export { getSmartAccounts, embeddedOwner, type SmartAccountsConfig, type SmartAccountClients } from "./service";
export {
  useSmartAccountClient,
  useAccount,
  useChain,
  useSendUserOperation,
  useSmartAccountSignMessage,
  useSmartAccountSignTypedData,
  type SendUserOperationResult,
  type UseSendUserOperationArgs,
} from "./hooks";
export { toUserOperationParameters, type AccountKitUserOperation, type SendUserOperationInput, type UserOperationCallData } from "./operation";
