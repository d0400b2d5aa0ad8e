import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { createKit } from "latch-kit";
import { Button, ErrorPanel, LatchProvider, Spinner } from "latch-kit/react";

describe("ErrorPanel", () => {
  it("shows heading, body and the buttons it is given, and runs onShow once", () => {
    const tryAgain = vi.fn();
    const another = vi.fn();
    const onShow = vi.fn();
    const { rerender } = render(
      <LatchProvider kit={createKit()}>
        <ErrorPanel heading="Connection failed" body="details" onTryAgain={tryAgain} onUseAnotherMethod={another} onShow={onShow} />
      </LatchProvider>,
    );
    expect(screen.getByRole("heading", { name: "Connection failed" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Skip" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    fireEvent.click(screen.getByRole("button", { name: "Use another method" }));
    expect(tryAgain).toHaveBeenCalledTimes(1);
    expect(another).toHaveBeenCalledTimes(1);
    rerender(
      <LatchProvider kit={createKit()}>
        <ErrorPanel heading="x" body="y" onTryAgain={tryAgain} onSkip={() => {}} onShow={onShow} />
      </LatchProvider>,
    );
    expect(screen.getByRole("button", { name: "Skip" })).toBeTruthy();
    expect(onShow).toHaveBeenCalledTimes(1);
  });
});

describe("Button and Spinner", () => {
  it("renders each variant and announces loading", () => {
    render(
      <LatchProvider kit={createKit()}>
        {(["primary", "secondary", "social", "link"] as const).map((v) => (
          <Button key={v} variant={v}>
            {v}
          </Button>
        ))}
        <Spinner />
      </LatchProvider>,
    );
    for (const v of ["primary", "secondary", "social", "link"]) {
      expect(screen.getByRole("button", { name: v }).getAttribute("data-variant")).toBe(v);
    }
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });
});
