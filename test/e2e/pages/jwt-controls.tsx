// The custom-JWT controls the test pages share: a field for the token the test mints, the nonce the
// kit asks the app's auth to put in it (hex sha256 of the auth frame's key), and the sign-in.
import { useState } from "react";
import type { Kit } from "latch-kit";
import { getJwtNonce, useAuthenticateWithJwt } from "latch-kit/plugins/jwt";

export function JwtControls({ kit, authProviderId, run }: { kit: Kit; authProviderId: string; run: (fn: () => Promise<unknown>) => void }) {
  const { authenticateWithJwtAsync } = useAuthenticateWithJwt();
  const [token, setToken] = useState("");
  const [nonce, setNonce] = useState("");
  return (
    <>
      <label>
        JWT <textarea value={token} onChange={(e) => setToken(e.target.value)} />
      </label>
      <button type="button" onClick={() => run(async () => setNonce(await getJwtNonce(kit)))}>
        Get JWT nonce
      </button>
      <p data-testid="jwt-nonce">{nonce}</p>
      <button type="button" onClick={() => run(() => authenticateWithJwtAsync({ jwt: token, authProviderId }))}>
        Sign in with JWT
      </button>
    </>
  );
}
