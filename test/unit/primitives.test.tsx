// The kit's own accessible primitives (they replaced react-aria-components to fit the size budget):
// the button's press rules, the text field's label and error wiring, the modal dialog's focus, Escape,
// scroll lock and attributes, and the text direction of a locale. Keyboard Tab wrapping and the inert
// page need a real browser: test/e2e/dialog.test.ts.
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { createKit } from "latch-kit";
import { Button, LatchProvider, ModalDialog, TextField } from "latch-kit/react";
import { isRtlLocale } from "../../renderer/dialog/useDirection";
import { lockPageScroll } from "../../renderer/overlay/scroll-lock";

const withKit = (children: ReactNode) => render(<LatchProvider kit={createKit()}>{children}</LatchProvider>);

describe("Button", () => {
  it("is a native button of type button that runs onPress on a click", () => {
    const onPress = vi.fn();
    withKit(<Button onPress={onPress}>Go</Button>);
    const button = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(button.type).toBe("button");
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("disabled: native disabled, no press", () => {
    const onPress = vi.fn();
    withKit(
      <Button onPress={onPress} isDisabled>
        Go
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it("pending: stays focusable, says it is busy and unavailable, ignores presses and does not submit its form", () => {
    const onPress = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    withKit(
      <form onSubmit={onSubmit}>
        <Button type="submit" onPress={onPress} isPending>
          Go
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("TextField", () => {
  function Field({ invalid }: { invalid: boolean }) {
    const [value, setValue] = useState("");
    return <TextField label="Email" hideLabel value={value} onChange={setValue} isInvalid={invalid} errorMessage="Enter a valid email" aria-describedby="hint" />;
  }

  it("labels its input and reports changes", () => {
    withKit(<Field invalid={false} />);
    const input = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a@b.c" } });
    expect(input.value).toBe("a@b.c");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBe("hint");
    expect(screen.queryByText("Enter a valid email")).toBeNull();
  });

  it("invalid: aria-invalid, and the error shown and linked by aria-describedby", () => {
    withKit(<Field invalid />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const ids = input.getAttribute("aria-describedby")!.split(" ");
    expect(ids[0]).toBe("hint");
    expect(document.getElementById(ids[1]!)?.textContent).toBe("Enter a valid email");
  });
});

describe("ModalDialog", () => {
  function App({ onClose = () => {} }: { onClose?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <ModalDialog
          isOpen={open}
          aria-label="Example"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">Inside</button>
        </ModalDialog>
      </>
    );
  }

  it("renders nothing closed; open: a labelled modal dialog in <body> that holds the focus and locks the page's scroll", () => {
    withKit(<App />);
    expect(screen.queryByRole("dialog")).toBeNull();
    screen.getByRole("button", { name: "Open" }).focus();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Example" }) as HTMLDialogElement;
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.parentElement).toBe(document.body);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.style.overflow).toBe("hidden");
  });

  it("Escape (the dialog's cancel) asks to close; closed, the scroll is back and the focus is on the opener", () => {
    const onClose = vi.fn();
    withKit(<App onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog");
    const cancel = new Event("cancel", { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.documentElement.style.overflow).toBe("");
    expect(document.activeElement).toBe(opener);
  });

  it("still opens where the browser has no showModal()", () => {
    const showModal = HTMLDialogElement.prototype.showModal;
    try {
      Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: undefined, configurable: true, writable: true });
      withKit(<App />);
      fireEvent.click(screen.getByRole("button", { name: "Open" }));
      expect((screen.getByRole("dialog") as HTMLDialogElement).open).toBe(true);
    } finally {
      Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: showModal, configurable: true, writable: true });
    }
  });

  it("a click on the backdrop closes it, a click inside does not", () => {
    const onClose = vi.fn();
    withKit(<App onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.pointerDown(screen.getByRole("button", { name: "Inside" }));
    fireEvent.click(screen.getByRole("button", { name: "Inside" }));
    expect(onClose).not.toHaveBeenCalled();
    const dialog = screen.getByRole("dialog");
    dialog.getBoundingClientRect = () => ({ left: 100, right: 200, top: 100, bottom: 200, x: 100, y: 100, width: 100, height: 100, toJSON: () => ({}) });
    fireEvent.pointerDown(dialog, { clientX: 10, clientY: 10 });
    fireEvent.click(dialog, { clientX: 10, clientY: 10 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("lockPageScroll", () => {
  it("a lock taken while the page is already locked leaves the first lock's undo in charge", () => {
    const outer = lockPageScroll(document);
    const inner = lockPageScroll(document);
    inner();
    expect(document.documentElement.style.overflow).toBe("hidden");
    outer();
    expect(document.documentElement.style.overflow).toBe("");
  });
});

describe("isRtlLocale", () => {
  it("knows right-to-left languages and scripts", () => {
    for (const rtl of ["ar", "ar-EG", "he-IL", "fa", "ur", "pa-Arab", "yi"]) expect(isRtlLocale(rtl), rtl).toBe(true);
    for (const ltr of ["en", "en-US", "fr-FR", "pa", "ja", "not a locale!"]) expect(isRtlLocale(ltr), ltr).toBe(false);
  });
});
