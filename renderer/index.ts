export { LatchProvider, type LatchProviderProps } from "./LatchProvider";
export { AuthDialog } from "./dialog/AuthDialog";
export { AuthCard } from "./dialog/AuthCard";
export { AuthContent } from "./dialog/AuthContent";
export { useKit, LatchContext } from "./context";
export { useAuthModal, type UseAuthModalResult } from "./hooks/useAuthModal";
export { useKitAtom } from "./hooks/useKitAtom";
export { useCss } from "./hooks/useCss";
export { useTheme, type ThemeState } from "./theme/useTheme";
export { lightTokens, darkTokens } from "./theme/tokens";
export { Button, type ButtonProps, type ButtonVariant } from "./primitives/Button";
export { OtpInput, emptyOtp, type OtpInputProps } from "./primitives/OtpInput";
export { ErrorPanel, type ErrorPanelProps } from "./primitives/ErrorPanel";
export { Spinner } from "./primitives/Spinner";
export { Divider } from "./primitives/Divider";
export { Illustration, type IllustrationName } from "./primitives/Illustration";
export { rendererStrings, useStrings, format, type StringTable } from "./strings";
export { rendererBasePlugin } from "./base-plugin";
export { useAction, type ActionState } from "./hooks/useAction";
export { useSigner, useUser, useSignerStatus, useSignerState, useAuthError, type SignerStatusResult } from "./hooks/useSigner";
export { useAuthenticate, useLogout, useSignMessage, useSignTypedData } from "./hooks/useSignerActions";
export { useListAuthMethods } from "./hooks/useListAuthMethods";
// useMFA moved to latch-kit/plugins/mfa; useSendVerificationCode, useSetEmail, useRemoveEmail to
// latch-kit/plugins/email-otp; useSetPhone, useRemovePhone to latch-kit/plugins/sms (see MIGRATION.md).
export { useExportAccount } from "./hooks/useAccount";
export { StepHeading, StepColumn } from "./primitives/StepHeading";
export { SupportLink } from "./primitives/SupportLink";
export { useRootClass } from "./dialog/useRootStyle";
export { inputStyle } from "./primitives/inputStyle";
