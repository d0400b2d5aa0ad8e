import { useEffect, useState } from "react";
import { useAtomValue } from "jotai/react";
import { getEmbeddedSigner, toError, type AuthMethods } from "latch-kit";
import { useKit } from "../context";
import { useKitAtom } from "./useKitAtom";

/**
 * The signed-in user's email, phone, linked providers and passkeys. Loaded once connected and
 * kept fresh: every change made through the kit refreshes the same cache.
 */
export function useListAuthMethods(): {
  data: AuthMethods | null;
  isLoading: boolean;
  error: Error | null;
  /** Reads the methods again. */
  refetch: () => Promise<void>;
} {
  const kit = useKit();
  const signer = getEmbeddedSigner(kit);
  const data = useAtomValue(signer.authMethodsAtom, { store: kit.store });
  const user = useKitAtom((a) => a.user);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const refetch = async () => {
    setLoading(true);
    setError(null);
    try {
      await signer.listAuthMethods();
    } catch (thrown) {
      setError(toError(thrown));
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    if (user?.type === "sca" && !data) void refetch();
    // Load when a user appears; the cache is shared, so not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.userId]);
  return { data, isLoading, error, refetch };
}
