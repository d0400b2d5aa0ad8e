import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createKit } from "latch-kit";
import { emptyOtp, LatchProvider, OtpInput } from "latch-kit/react";
import { codeInPastedText } from "../../renderer/primitives/pasted-code";

function Harness({ onComplete, onInvalidPaste }: { onComplete?: (code: string) => void; onInvalidPaste?: () => void }) {
  const [value, setValue] = useState(emptyOtp());
  return (
    <LatchProvider kit={createKit()}>
      <OtpInput value={value} onChange={setValue} onComplete={onComplete} onInvalidPaste={onInvalidPaste} />
    </LatchProvider>
  );
}

const boxes = () => screen.getAllByRole("textbox") as HTMLInputElement[];

describe("OtpInput", () => {
  it("is one labelled group of six numeric boxes", () => {
    render(<Harness />);
    const group = screen.getByRole("group", { name: "One-time code" });
    expect(group).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    for (const box of boxes()) expect(box.inputMode).toBe("numeric");
    expect(boxes()[0]!.getAttribute("aria-label")).toBe("Digit 1 of 6");
  });

  it("advances as digits are typed and completes on the sixth", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    "123456".split("").forEach((d, i) => {
      fireEvent.change(boxes()[i]!, { target: { value: d } });
      if (i < 5) expect(document.activeElement).toBe(boxes()[i + 1]);
    });
    expect(boxes().map((b) => b.value).join("")).toBe("123456");
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("ignores non-digits", () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: "a" } });
    expect(boxes()[0]!.value).toBe("");
  });

  it("clears the current box and moves back on Backspace; arrow keys move", () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: "1" } });
    fireEvent.change(boxes()[1]!, { target: { value: "2" } });
    fireEvent.keyDown(boxes()[1]!, { key: "Backspace" });
    expect(boxes()[1]!.value).toBe("");
    expect(document.activeElement).toBe(boxes()[0]);
    fireEvent.keyDown(boxes()[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1]!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it("takes the first six characters of a paste", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => "6543219999" } });
    expect(boxes().map((b) => b.value).join("")).toBe("654321");
    expect(onComplete).toHaveBeenCalledWith("654321");
  });

  it("reports an invalid paste and changes nothing", () => {
    const onInvalidPaste = vi.fn();
    render(<Harness onInvalidPaste={onInvalidPaste} />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => "12ab56" } });
    expect(onInvalidPaste).toHaveBeenCalled();
    expect(boxes().every((b) => b.value === "")).toBe(true);
  });

  it("takes the code out of a paste with spaces, dashes or a whole sentence", () => {
    for (const [pasted, code] of [
      ["084 260", "084260"],
      [" 667 428 ", "667428"],
      ["806-551", "806551"],
      ["Your Latch sign-in code is 123456.\n\nIt expires in 10 minutes.", "123456"],
    ] as const) {
      expect(codeInPastedText(pasted)).toBe(code);
    }
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => "code: 806-551" } });
    expect(onComplete).toHaveBeenCalledWith("806551");
  });

  it("finds no code in a paste with none, or with two different ones", () => {
    for (const pasted of ["", "12345", "see you at 10:30", "either 111111 or 222222", "code 1234567"]) expect(codeInPastedText(pasted)).toBeNull();
  });

  it("fills every box from a six-character autofill into one box", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(boxes()[0]!, { target: { value: "987654" } });
    expect(boxes().map((b) => b.value).join("")).toBe("987654");
    expect(onComplete).toHaveBeenCalledWith("987654");
  });
});
