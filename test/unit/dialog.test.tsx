import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createKit, definePlugin, defineSection, type KitConfig, type SectionConfig } from "latch-kit";
import { AuthCard, LatchProvider, useAuthModal } from "latch-kit/react";
import { quizPlugin, type QuizSectionConfig } from "../fixtures/quiz-plugin";

const noteSection = definePlugin({
  id: "test-note",
  sections: [defineSection({ type: "note", Component: ({ config }) => <p>{String(config.text)}</p> })],
});

function Opener() {
  const { isOpen, openAuthModal } = useAuthModal();
  return (
    <button type="button" onClick={openAuthModal}>
      {isOpen ? "open" : "closed"}
    </button>
  );
}

function renderKit(config: KitConfig) {
  const kit = createKit({ plugins: [quizPlugin, noteSection], ...config });
  render(
    <LatchProvider kit={kit}>
      <Opener />
    </LatchProvider>,
  );
  return kit;
}

// A plugin's interface-typed config and an inline literal with extra options both fit `sections`.
const quiz: QuizSectionConfig = { type: "quiz" };
const sections: SectionConfig[][] = [[quiz], [{ type: "note", text: "second group" }]];

describe("the sign-in dialog", () => {
  it("is closed until opened, then shows the initial step: title, sections with an 'or' divider, terms, protected by", () => {
    renderKit({ ui: { auth: { sections } } });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "closed" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Answer a question" })).toBeTruthy();
    expect(screen.getByText("second group")).toBeTruthy();
    expect(screen.getAllByRole("separator")).toHaveLength(1);
    expect(screen.getByText("or")).toBeTruthy();
    expect(screen.getByText("by signing in you agree to the Terms of Service")).toBeTruthy();
    expect(dialog.textContent).toContain("protected by");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("hides the title with hideSignInText and shows a header", () => {
    renderKit({ ui: { auth: { sections, hideSignInText: true, header: <b>Acme</b> } } });
    fireEvent.click(screen.getByRole("button", { name: "closed" }));
    expect(screen.queryByRole("heading", { name: "Sign in" })).toBeNull();
    expect(screen.getByText("Acme")).toBeTruthy();
  });

  it("draws a third-party plugin's section and steps, with back and footer", () => {
    const kit = renderKit({ ui: { auth: { sections } } });
    fireEvent.click(screen.getByRole("button", { name: "closed" }));
    fireEvent.click(screen.getByRole("button", { name: "Answer a question" }));
    expect(screen.getByRole("heading", { name: "Favourite colour?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Blue" }));
    expect(screen.getByText("You answered blue")).toBeTruthy();
    expect(screen.getByText("quiz footer")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(kit.getStep()).toEqual({ type: "quiz_question", question: "Favourite colour?" });
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(kit.getStep()).toEqual({ type: "initial" });
  });

  it("shows the generic error banner after a failed attempt", () => {
    const kit = renderKit({ ui: { auth: { sections } } });
    act(() => kit.openModal({ type: "initial", error: new Error("boom") }));
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
  });

  it("closes with the close button and resets the flow", () => {
    const kit = renderKit({ ui: { auth: { sections } } });
    act(() => kit.openModal({ type: "quiz_question", question: "q" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(kit.isModalOpen()).toBe(false);
    expect(kit.getStep()).toEqual({ type: "initial" });
    expect(screen.getByRole("button", { name: "closed" })).toBeTruthy();
  });

  it("fires onAuthSuccess and closes at complete", () => {
    const onAuthSuccess = vi.fn();
    const kit = renderKit({ ui: { auth: { sections }, onAuthSuccess } });
    act(() => kit.openModal());
    act(() => kit.setStep({ type: "complete" }));
    expect(onAuthSuccess).toHaveBeenCalledTimes(1);
    expect(kit.isModalOpen()).toBe(false);
  });

  it("raises the spec's error when the UI auth config is missing", () => {
    const kit = createKit();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(
        <LatchProvider kit={kit}>
          <AuthCard />
        </LatchProvider>,
      ),
    ).toThrow("Auth config expected to be present in UiConfigStore");
    error.mockRestore();
  });

  it("embeds the same flow with AuthCard in uiMode embedded, with no modal", () => {
    const kit = createKit({ plugins: [quizPlugin], ui: { uiMode: "embedded", auth: { sections: [[{ type: "quiz" }]] } } });
    render(
      <LatchProvider kit={kit}>
        <AuthCard />
      </LatchProvider>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("region", { name: "Sign in" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Answer a question" }));
    expect(screen.getByRole("heading", { name: "Favourite colour?" })).toBeTruthy();
  });

  it("replaces texts from the app's string table (a translation)", () => {
    renderKit({ ui: { auth: { sections }, strings: { renderer: { signIn: "Connexion", or: "ou" } } } });
    fireEvent.click(screen.getByRole("button", { name: "closed" }));
    expect(screen.getByRole("heading", { name: "Connexion" })).toBeTruthy();
    expect(screen.getByText("ou")).toBeTruthy();
  });

  it("keeps two kits on one page apart", () => {
    const a = createKit({ plugins: [quizPlugin], ui: { auth: { sections: [[{ type: "quiz" }]] } } });
    const b = createKit({ plugins: [quizPlugin], ui: { auth: { sections: [[{ type: "quiz" }]] } } });
    render(
      <>
        <LatchProvider kit={a} />
        <LatchProvider kit={b} />
      </>,
    );
    act(() => a.openModal());
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(b.isModalOpen()).toBe(false);
  });
});

describe("translations and direction", () => {
  it("switches the dialog to another language and back at runtime", () => {
    const kit = renderKit({ ui: { auth: { sections } } });
    act(() => kit.openModal());
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
    act(() => kit.setLocale("fr-FR", { renderer: { signIn: "Connexion", or: "ou", termsNotice: "en vous connectant vous acceptez les conditions" } }));
    expect(screen.getByRole("heading", { name: "Connexion" })).toBeTruthy();
    expect(screen.getByText("ou")).toBeTruthy();
    expect(screen.getByText("en vous connectant vous acceptez les conditions")).toBeTruthy();
    act(() => kit.setLocale(undefined));
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(screen.getByText("by signing in you agree to the Terms of Service")).toBeTruthy();
  });

  it("lays a right-to-left language out right to left", () => {
    const kit = renderKit({ ui: { auth: { sections }, locale: "ar-EG", strings: { renderer: { signIn: "تسجيل الدخول" } } } });
    act(() => kit.openModal());
    const dialog = screen.getByRole("dialog");
    expect(dialog.closest("[dir]")?.getAttribute("dir")).toBe("rtl");
    expect(screen.getByRole("heading", { name: "تسجيل الدخول" })).toBeTruthy();
    act(() => kit.setLocale("en-US"));
    expect(screen.getByRole("dialog").closest("[dir]")?.getAttribute("dir")).toBe("ltr");
  });
});
