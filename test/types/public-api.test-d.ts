// The public types as an app sees them (vitest typecheck): what the README's calls accept and return.
import { describe, expectTypeOf, it } from "vitest";
import {
  ConfigError,
  LatchError,
  NotAuthenticatedError,
  UserCancelledError,
  createKit,
  type AuthenticatePayload,
  type Kit,
  type KitConfig,
  type SignerConfig,
  type User,
} from "latch-kit";
import { useAuthenticate, useSignMessage, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import "latch-kit/plugins/passkey";
import { OAuthCancelledError } from "latch-kit/plugins/oauth";
import { WalletNotReadyError } from "latch-kit/plugins/solana";

describe("createKit and its config", () => {
  it("returns a Kit from a config with plugins and a signer URL", () => {
    expectTypeOf(createKit({ plugins: [emailOtp()], signer: { url: "https://latch.example.com" } })).toEqualTypeOf<Kit>();
  });

  it("refuses keys the config does not have", () => {
    // @ts-expect-error `ulr` is not a signer option
    const typo: KitConfig = { signer: { ulr: "https://latch.example.com" } };
    expectTypeOf<KitConfig["signer"]>().toEqualTypeOf<SignerConfig | undefined>();
    void typo;
  });
});

describe("authenticate payloads registered by the plugins an app imports", () => {
  it("takes the email, otp, sms and passkey payloads, and nothing else", () => {
    type Authenticate = ReturnType<typeof useAuthenticate>["authenticate"];
    expectTypeOf<Parameters<Authenticate>[0]>().toEqualTypeOf<AuthenticatePayload>();
    expectTypeOf<AuthenticatePayload>().not.toBeNever();
    expectTypeOf<{ type: "email"; email: string }>().toExtend<AuthenticatePayload>();
    expectTypeOf<{ type: "otp"; otpCode: string }>().toExtend<AuthenticatePayload>();
    expectTypeOf<{ type: "sms"; phone: string }>().toExtend<AuthenticatePayload>();
    expectTypeOf<{ type: "passkey"; createNew: boolean }>().toExtend<AuthenticatePayload>();
    expectTypeOf<{ type: "carrier-pigeon" }>().not.toExtend<AuthenticatePayload>();
    expectTypeOf<{ type: "email" }>().not.toExtend<AuthenticatePayload>();
  });
});

describe("hooks", () => {
  it("useUser gives the user or null; useSignMessage resolves to a hex signature", () => {
    expectTypeOf(useUser).returns.toEqualTypeOf<User | null>();
    expectTypeOf<ReturnType<ReturnType<typeof useSignMessage>["signMessageAsync"]>>().toEqualTypeOf<Promise<`0x${string}`>>();
  });
});

describe("errors", () => {
  it("carry literal names, so apps can switch on error.name", () => {
    expectTypeOf<ConfigError["name"]>().toEqualTypeOf<"ConfigError">();
    expectTypeOf<NotAuthenticatedError["name"]>().toEqualTypeOf<"NotAuthenticatedError">();
    expectTypeOf<OAuthCancelledError["name"]>().toEqualTypeOf<"OAuthCancelledError">();
    expectTypeOf<InstanceType<typeof WalletNotReadyError>["name"]>().toEqualTypeOf<"WalletNotReadyError">();
    // Bases other errors extend keep a string name.
    expectTypeOf<LatchError["name"]>().toEqualTypeOf<string>();
    expectTypeOf<UserCancelledError["name"]>().toEqualTypeOf<string>();
  });
});
