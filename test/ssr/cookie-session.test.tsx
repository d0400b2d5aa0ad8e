import { describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { cookieStorage, cookieToInitialState, createKit, type Session } from "latch-kit";
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

describe("a session kept in cookies, rendered on the server", () => {
  it("renders the signed-in user from the request's cookie, without errors or warnings", () => {
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    const requestCookie = `latch-signer-session=${encodeURIComponent(JSON.stringify(session))}; other=1`;
    const kit = createKit({
      plugins: [emailOtp()],
      signer: { storage: cookieStorage({ cookie: () => requestCookie }) },
      ui: { auth: { sections: [[{ type: "email" }]] } },
    });
    const html = renderToString(
      <LatchProvider kit={kit}>
        <Page />
      </LatchProvider>,
    );
    expect(html).toContain("signed in as ada@example.com");
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("says CONNECTED in a signed-in server render, so a page gated on isConnected renders signed in (Account Kit's meaning)", () => {
    const requestCookie = `latch-signer-session=${encodeURIComponent(JSON.stringify(session))}`;
    const kit = createKit({
      plugins: [emailOtp()],
      signer: { storage: cookieStorage({ cookie: () => requestCookie }) },
      ui: { auth: { sections: [[{ type: "email" }]] } },
    });
    function Gate() {
      const { status, isConnected, isInitializing } = useSignerStatus();
      return <p>{`${status} ${String(isConnected)} ${String(isInitializing)}`}</p>;
    }
    const html = renderToString(<LatchProvider kit={kit}><Gate /></LatchProvider>);
    expect(html).toContain("CONNECTED true false");
    const signedOut = createKit({ plugins: [emailOtp()], signer: { storage: cookieStorage({ cookie: () => "" }) }, ui: { auth: { sections: [[{ type: "email" }]] } } });
    expect(renderToString(<LatchProvider kit={signedOut}><Gate /></LatchProvider>)).toContain("INITIALIZING false true");
  });

  it("renders signed out with local storage on the server (no window)", () => {
    const kit = createKit({ plugins: [emailOtp()], ui: { auth: { sections: [[{ type: "email" }]] } } });
    expect(renderToString(<LatchProvider kit={kit}><Page /></LatchProvider>)).toContain("signed out");
  });

  it("cookieToInitialState keeps only the session cookie of a request, and cookieStorage renders from it on the server", () => {
    const sessionPair = `latch-signer-session=${encodeURIComponent(JSON.stringify(session))}`;
    const initialState = cookieToInitialState(`theme=dark; ${sessionPair}; auth-token=secret`);
    expect(initialState).toEqual({ sessionCookie: sessionPair });
    expect(cookieToInitialState(null)).toEqual({ sessionCookie: "" });
    expect(cookieToInitialState("a=1")).toEqual({ sessionCookie: "" });
    const kit = createKit({
      plugins: [emailOtp()],
      signer: { storage: cookieStorage({ initialState }) },
      ui: { auth: { sections: [[{ type: "email" }]] } },
    });
    expect(renderToString(<LatchProvider kit={kit}><Page /></LatchProvider>)).toContain("signed in as ada@example.com");
  });
});
