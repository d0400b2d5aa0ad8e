import type { ReactNode } from "react";
import { useTheme } from "latch-kit/react";
import type { SocialStepConfig } from "./config";

// Provider marks, drawn inline (no network); a custom logo (logoUrl / logoUrlDark) wins.
const marks: Record<string, { viewBox: string; paths: ReactNode }> = {
  google: {
    viewBox: "0 0 48 48",
    paths: (
      <>
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
      </>
    ),
  },
  facebook: {
    viewBox: "0 0 24 24",
    paths: (
      <>
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path fill="#fff" d="M15.6 12.6h-2.4V21h-3.2v-8.4H8.4V9.9h1.6V8.1c0-2.2 1.1-3.4 3.5-3.4h2.2v2.7h-1.5c-.8 0-1 .3-1 1v1.5h2.5l-.1 2.7z" />
      </>
    ),
  },
  apple: {
    viewBox: "0 0 24 24",
    paths: (
      <>
      <path
        fill="currentColor"
        d="M16.4 12.7c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.5-1-2.5-3.8zM14 5.6c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
      />
      </>
    ),
  },
  twitch: {
    viewBox: "0 0 24 24",
    paths: (
      <>
      <path fill="#9146FF" d="M4.3 2 2.5 6.6v13.1h4.6V22h2.6l2.4-2.3h3.7L21 14.5V2H4.3zm15 11.7-2.8 2.8h-4.6l-2.4 2.4v-2.4H5.6V3.8h13.7v9.9z" />
      <path fill="#9146FF" d="M16.6 7.1h-1.8v5.1h1.8V7.1zm-4.9 0H9.9v5.1h1.8V7.1z" />
      </>
    ),
  },
  auth0: {
    viewBox: "0 0 24 24",
    paths: (
      <>
      <path fill="#EB5424" d="m18.6 19.4-2.4-7.4 6.3-4.6h-7.8L12.3 0h7.8l2.4 7.4c1.4 4.3-.1 9.2-3.9 12zM5.4 19.4 11.7 24l6.3-4.6-6.3-4.6-6.3 4.6zM1.5 7.4c-1.4 4.4.2 9.2 3.9 12l2.4-7.4-6.3-4.6h7.8L11.7 0H3.9L1.5 7.4z" />
      </>
    ),
  },
};

const generic = {
  viewBox: "0 0 24 24",
  paths: (
    <>
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
};

/** The provider's logo: the custom one (dark variant in the dark theme), else its built-in mark. */
export function ProviderLogo({ config, size = 20 }: { config: Pick<SocialStepConfig, "authProviderId" | "logoUrl" | "logoUrlDark">; size?: number }) {
  const { resolved } = useTheme();
  const custom = resolved === "dark" && config.logoUrlDark ? config.logoUrlDark : config.logoUrl;
  if (custom) return <img src={custom} alt="" width={size} height={size} style={{ objectFit: "contain" }} />;
  const mark = marks[config.authProviderId] ?? generic;
  return (
    <svg viewBox={mark.viewBox} width={size} height={size} aria-hidden="true" focusable="false" data-provider-logo={config.authProviderId}>
      {mark.paths}
    </svg>
  );
}
