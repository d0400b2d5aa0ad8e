import { describe, expect, it, vi } from "vitest";
import { act } from "@testing-library/react";
import { lazy, Suspense, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { cookieStorage, createKit, type Session } from "latch-kit";
import { LatchProvider, useSignerStatus, useUser } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";

const session: Session = {
  type: "otp",
  user: { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa", email: "ada@example.com" },
  bundle: "bundle",
  expirationDateMs: Date.now() + 60_000,
};

function Page() {
  const user = useUser();
  return <main>{user ? `signed in as ${user.email}` : "signed out"}</main>;
}

const makeKit = (storage: ReturnType<typeof cookieStorage>) =>
  createKit({
    plugins: [emailOtp()],
    signer: { storage, authFrameUrl: "http://localhost:1/never", frameInitTimeoutMs: 50 },
    ui: { auth: { sections: [[{ type: "email" }]] } },
  });

describe("hydrating a server render", () => {
  it("shows the cookie session's user on the first client render, with no hydration mismatch", async () => {
    const cookie = `latch-signer-session=${encodeURIComponent(JSON.stringify(session))}`;
    const html = renderToString(
      <LatchProvider kit={makeKit(cookieStorage({ cookie: () => cookie }))}>
        <Page />
      </LatchProvider>,
    );
    document.cookie = cookie;
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const recoverable = vi.fn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const kit = makeKit(cookieStorage());
    expect(kit.getUser()?.email).toBe("ada@example.com");
    await act(async () => {
      hydrateRoot(
        container,
        <LatchProvider kit={kit}>
          <Page />
        </LatchProvider>,
        { onRecoverableError: recoverable },
      );
    });
    expect(container.textContent).toBe("signed in as ada@example.com");
    expect(recoverable).not.toHaveBeenCalled();
    expect(error.mock.calls.filter((c) => String(c[0]).match(/hydrat|did not match/i))).toEqual([]);
    error.mockRestore();
    warn.mockRestore();
    document.cookie = "latch-signer-session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("signed out: a boundary that hydrates after the kit settled renders what the server did first, with no mismatch", async () => {
    function Status() {
      const { status } = useSignerStatus();
      return <p>{status}</p>;
    }
    const tree = (kit: ReturnType<typeof makeKit>, Content: ComponentType) => (
      <LatchProvider kit={kit}>
        <Suspense fallback={<p>loading</p>}>
          <Content />
        </Suspense>
      </LatchProvider>
    );
    const html = renderToString(tree(makeKit(cookieStorage({ cookie: () => "" })), Status));
    expect(html).toContain("INITIALIZING");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const kit = makeKit(cookieStorage({ cookie: () => "" }));
    // The boundary's code arrives after the provider hydrated and the kit started (as a Next page
    // segment does): React hydrates the provider first, the boundary later.
    let arrive!: () => void;
    const LateStatus = lazy(() => new Promise<{ default: typeof Status }>((resolve) => (arrive = () => resolve({ default: Status }))));
    const recoverable = vi.fn();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, tree(kit, LateStatus), { onRecoverableError: recoverable });
    });
    await act(() => kit.start());
    expect(kit.getStatus()).toBe("DISCONNECTED");
    await act(async () => arrive());
    expect(recoverable).not.toHaveBeenCalled();
    expect(error.mock.calls.filter((c) => String(c[0]).match(/hydrat|did not match/i))).toEqual([]);
    expect(container.textContent).toBe("DISCONNECTED");
    error.mockRestore();
    container.remove();
  });
});
