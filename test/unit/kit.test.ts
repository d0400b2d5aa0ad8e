import { describe, expect, it, vi } from "vitest";
import {
  createKit,
  defineListener,
  definePlugin,
  defineStep,
  MissingAuthenticatorError,
  TOKENS,
  type KitConfig,
  type User,
} from "latch-kit";
import { quizPlugin } from "../fixtures/quiz-plugin";
import { walletSection } from "../../lib/wallets/index";

const user: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x0000000000000000000000000000000000000001" };

describe("createKit", () => {
  it("gives each kit its own container, store and state", () => {
    const a = createKit({ plugins: [quizPlugin] });
    const b = createKit();
    expect(a.container).not.toBe(b.container);
    expect(a.store).not.toBe(b.store);
    a.setStep({ type: "quiz_question", question: "q" });
    a.setUser(user);
    expect(b.getStep()).toEqual({ type: "initial" });
    expect(b.getUser()).toBeNull();
    expect(a.hasPlugin("test-quiz")).toBe(true);
    expect(b.hasPlugin("test-quiz")).toBe(false);
    expect(b.section("quiz")).toBeUndefined();
    expect(a.container.resolve(TOKENS.Kit)).toBe(a);
  });

  it("starts initializing at the initial step with the modal closed", () => {
    const kit = createKit();
    expect(kit.getStatus()).toBe("INITIALIZING");
    expect(kit.getStep()).toEqual({ type: "initial" });
    expect(kit.isModalOpen()).toBe(false);
  });

  it("applies spec §9 defaults", () => {
    const kit = createKit();
    expect(kit.config.ui.uiMode).toBe("modal");
    expect(kit.config.ui.illustrationStyle).toBe("outline");
  });

  it("refuses bad config with a message naming the field", () => {
    expect(() => createKit({ ui: { uiMode: "big" as never } })).toThrow(/ui\.uiMode/);
    expect(() => createKit({ ui: { auth: { sections: [[{ type: "" }]] } } })).toThrow(/ui\.auth\.sections\[0\]\[0\]\.type/);
    expect(() => createKit({ ui: { onAuthSuccess: 3 as never } })).toThrow(/ui\.onAuthSuccess/);
    expect(() => createKit({ ui: { hideSigninText: true } as never })).toThrow(/hideSigninText/);
  });

  it("words config problems with the spec's generic schema messages (§5)", () => {
    const refusal = (config: unknown) => {
      try {
        createKit(config as KitConfig);
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal({ ui: { auth: {} } })).toBe("Invalid Latch config: ui.auth.sections: Required");
    expect(refusal({ ui: { auth: { sections: [[{ type: "" }]] } } })).toBe(
      "Invalid Latch config: ui.auth.sections[0][0].type: String must contain at least 1 character(s)",
    );
    // A section's own options: checked by the schema of the plugin that draws it.
    expect(refusal({ plugins: [definePlugin({ id: "w", sections: [walletSection] })], ui: { auth: { sections: [[{ type: "external_wallets", numFeaturedWallets: -1 }]] } } })).toBe(
      "Invalid Latch config: ui.auth.sections[0][0].numFeaturedWallets: Number must be greater than or equal to 0",
    );
    expect(refusal({ ui: { auth: { sections: [], hideSignInText: "yes" } } })).toBe("Invalid Latch config: ui.auth.hideSignInText: Expected boolean, received string");
    expect(refusal({ ui: { onAuthSuccess: 3 } })).toBe("Invalid Latch config: ui.onAuthSuccess: Expected function, received number");
    expect(refusal({ ui: { uiMode: "big" } })).toBe('Invalid Latch config: ui.uiMode: Expected "embedded" | "modal", received "big"');
    expect(refusal({ ui: { hideSigninText: true } })).toBe("Invalid Latch config: ui.hideSigninText: Unrecognized key");
  });

  it("throws for a configured section type that no plugin implements", () => {
    expect(() => createKit({ ui: { auth: { sections: [[{ type: "carrier-pigeon" }]] } } })).toThrow(
      'Section type "carrier-pigeon" is not implemented',
    );
    expect(() => createKit({ plugins: [quizPlugin], ui: { auth: { sections: [[{ type: "quiz" }]] } } })).not.toThrow();
  });

  it("routes authenticate() to the plugin registered for the payload type, or names the missing one", async () => {
    const kit = createKit({ plugins: [quizPlugin] });
    await expect(kit.authenticate({ type: "quiz", answer: "blue" })).resolves.toBe("ok");
    const bare = createKit();
    await expect(bare.authenticate({ type: "quiz", answer: "blue" })).rejects.toBeInstanceOf(MissingAuthenticatorError);
    await expect(bare.authenticate({ type: "quiz", answer: "blue" })).rejects.toThrow('"quiz"');
  });

  it("installs a plugin once, and wires its listeners to the kit's events", () => {
    const handle = vi.fn();
    const plugin = definePlugin({ id: "listen", listeners: [defineListener("newUserSignup", handle)] });
    const kit = createKit({ plugins: [plugin, plugin] });
    kit.use(plugin);
    kit.events.emit("newUserSignup", undefined);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(handle.mock.calls[0]?.[1]).toBe(kit);
    kit.destroy();
    kit.events.emit("newUserSignup", undefined);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("emits connected and disconnected as the user is set and cleared", () => {
    const kit = createKit();
    const connected = vi.fn();
    const disconnected = vi.fn();
    kit.events.on("connected", connected);
    kit.events.on("disconnected", disconnected);
    kit.setUser(user);
    kit.setUser(null);
    kit.setUser(null);
    expect(connected).toHaveBeenCalledWith(user);
    expect(disconnected).toHaveBeenCalledTimes(1);
  });
});

describe("back behaviour", () => {
  it("follows a step's back transition: a step type or a function of the step", () => {
    const kit = createKit({ plugins: [quizPlugin] });
    kit.setStep({ type: "quiz_answer", question: "q", answer: "a" });
    kit.back();
    expect(kit.getStep()).toEqual({ type: "quiz_question", question: "q" });
    kit.back();
    expect(kit.getStep()).toEqual({ type: "initial" });
  });

  it("only warns where no back transition exists", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const kit = createKit();
    kit.back();
    expect(kit.getStep()).toEqual({ type: "initial" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"initial"'));
    warn.mockRestore();
  });
});

describe("closing the dialog", () => {
  const keepsPlugin = definePlugin({
    id: "closing",
    steps: [defineStep({ type: "quiz_question", onClose: "complete" })],
  });

  it("resets the flow when not connected", () => {
    const kit = createKit({ plugins: [quizPlugin] });
    kit.openModal({ type: "quiz_answer", question: "q", answer: "a" });
    kit.closeModal();
    expect(kit.isModalOpen()).toBe(false);
    expect(kit.getStep()).toEqual({ type: "initial" });
  });

  it("keeps the step when connected", () => {
    const kit = createKit({ plugins: [quizPlugin] });
    kit.setUser(user);
    kit.setStatus("CONNECTED");
    kit.openModal({ type: "quiz_answer", question: "q", answer: "a" });
    kit.closeModal();
    expect(kit.getStep().type).toBe("quiz_answer");
  });

  it("counts as complete on a step that says so (passkey_create), firing onAuthSuccess", () => {
    const onAuthSuccess = vi.fn();
    const kit = createKit({ plugins: [quizPlugin, keepsPlugin], ui: { onAuthSuccess } });
    kit.setUser(user);
    kit.openModal({ type: "quiz_question", question: "q" });
    kit.closeModal();
    expect(kit.getStep()).toEqual({ type: "complete" });
    expect(onAuthSuccess).toHaveBeenCalledWith(user);
  });

  it("complete closes the modal and fires onAuthSuccess; reopening starts at initial", () => {
    const onAuthSuccess = vi.fn();
    const kit = createKit({ ui: { onAuthSuccess } });
    kit.openModal();
    kit.setStep({ type: "complete" });
    expect(kit.isModalOpen()).toBe(false);
    expect(onAuthSuccess).toHaveBeenCalledTimes(1);
    kit.openModal();
    expect(kit.getStep()).toEqual({ type: "initial" });
  });
});

describe("signing routes to the signer of the user's type", () => {
  it("uses the plugin registered for the user's type, and refuses without a user", async () => {
    const { signMessage, signTypedData, NotAuthenticatedError } = await import("latch-kit");
    const wallet = definePlugin({
      id: "fake-wallet",
      accountSigners: [
        { userType: "eoa", signMessage: async (_kit, message) => `0xeoa${String(message)}` as `0x${string}`, signTypedData: async () => "0xtyped" },
      ],
    });
    const kit = createKit({ plugins: [wallet] });
    await expect(signMessage(kit, { message: "hi" })).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(signMessage(kit, { message: "hi" })).rejects.toThrow("Signer not authenticated");
    kit.setUser({ ...user, type: "eoa" });
    await expect(signMessage(kit, { message: "hi" })).resolves.toBe("0xeoahi");
    await expect(signTypedData(kit, { types: {}, primaryType: "EIP712Domain", domain: {}, message: {} } as never)).resolves.toBe("0xtyped");
    kit.setUser(user);
    await expect(signMessage(kit, { message: "hi" })).rejects.toThrow("Signing for 'sca' users not supported by this signer");
  });
});
