import { useState } from "react";
import { getJwtNonce, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";
import { useKit } from "latch-kit/react";
import { emulatorUrl } from "./config";
import { styles } from "./styles";

interface DevToken {
  jwt: string;
  authProviderId: string;
}

/** Custom-JWT sign-in as an app does it after its own login; the emulator's dev app issuer plays that auth. */
export function DevJwtSignIn() {
  const kit = useKit();
  const { authenticateWithJwtAsync, isPending, error } = useAuthenticateWithJwt();
  const [subject, setSubject] = useState("");
  const [tokenError, setTokenError] = useState<string | null>(null);
  const signIn = async () => {
    setTokenError(null);
    let token: DevToken;
    try {
      const response = await fetch(`${emulatorUrl()}/dev/api/jwt`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        // The token must be bound to this session's frame key (auth-jwt checks nonce = sha256 of it).
        body: JSON.stringify({ nonce: await getJwtNonce(kit), ...(subject.trim() ? { sub: subject.trim() } : {}) }),
      });
      const body = (await response.json()) as DevToken & { message?: string };
      if (!response.ok) throw new Error(body.message ?? `HTTP ${response.status}`);
      token = body;
    } catch (thrown) {
      setTokenError(`The dev issuer gave no token: ${(thrown as Error).message}`);
      return;
    }
    await authenticateWithJwtAsync({ jwt: token.jwt, authProviderId: token.authProviderId }).catch(() => {}); // shown from `error`
  };
  return (
    <div className={styles.fieldset}>
      <label className={styles.field}>
        Subject (your auth's user id; empty: a new random one)
        <input value={subject} onChange={(e) => setSubject(e.target.value)} placeholder="dev-user-…" />
      </label>
      <button type="button" className={styles.button} onClick={() => void signIn()} disabled={isPending}>
        Sign in with a dev JWT
      </button>
      {(tokenError ?? error) && (
        <p role="alert" className={styles.hint}>
          {tokenError ?? error?.message}
        </p>
      )}
    </div>
  );
}
