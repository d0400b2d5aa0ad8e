import { describe, expect, it, vi } from "vitest";
import { createKit, getEmbeddedSigner } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { oauth } from "latch-kit/plugins/oauth";
import { passkey } from "latch-kit/plugins/passkey";
import { sms } from "latch-kit/plugins/sms";

// Parts several plugins bring (the embedded signer's restore, logout, account signer, linking
// listener) are registered once, however many of those plugins a kit installs.
describe("shared plugin parts", () => {
  const kitWithFiveMethods = () => createKit({ plugins: [emailOtp(), sms(), passkey(), magicLink(), oauth()] });

  it("runs one linking listener per event", () => {
    const kit = kitWithFiveMethods();
    const steps: string[] = [];
    kit.events.on("stepChanged", (step) => steps.push(step.type));
    kit.events.emit("emailAuthLinkingRequired", { email: "a@example.com" });
    expect(steps).toEqual(["otp_verify"]);
  });

  it("disconnects the embedded signer once per logout", async () => {
    const kit = kitWithFiveMethods();
    const disconnect = vi.spyOn(getEmbeddedSigner(kit), "disconnect").mockResolvedValue(undefined);
    await kit.disconnect();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });
});
