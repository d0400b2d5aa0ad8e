import { vi } from "vitest";
import { getEmbeddedSigner, type Kit } from "latch-kit";

export type SignerRouteAnswers = Record<string, (body: Record<string, unknown>) => unknown>;

/** Answers the kit's signer routes from `routes` (any other route fails the call), recording the calls. */
export function answerSignerRoutes(kit: Kit, routes: SignerRouteAnswers) {
  const signer = getEmbeddedSigner(kit);
  const request = vi.fn(async (route: string, body: Record<string, unknown>) => {
    const answer = routes[route];
    if (!answer) throw new Error(`unexpected ${route}`);
    return answer(body);
  });
  signer.client.request = request as never;
  return { kit, signer, request };
}
