import { describe, expect, it } from "vitest";
import { releaseCloses } from "../../renderer/dialog/useSheetDrag";

describe("the bottom sheet's release rule (§9: 25 % distance, 0.4 px/ms)", () => {
  it("closes past 25 % of the height, however slow", () => {
    expect(releaseCloses(101, 10_000, 400)).toBe(true);
    expect(releaseCloses(100, 10_000, 400)).toBe(false);
  });

  it("closes a short drag faster than 0.4 px/ms, not one at or under it", () => {
    expect(releaseCloses(60, 40, 400)).toBe(true); // 1.5 px/ms
    expect(releaseCloses(41, 100, 400)).toBe(true); // 0.41 px/ms
    expect(releaseCloses(40, 100, 400)).toBe(false); // 0.4 px/ms
    expect(releaseCloses(60, 300, 400)).toBe(false); // 0.2 px/ms
  });

  it("takes a zero-length time as 1 ms (two events with one timestamp)", () => {
    expect(releaseCloses(1, 0, 400)).toBe(true);
    expect(releaseCloses(0, 0, 400)).toBe(false);
  });
});
