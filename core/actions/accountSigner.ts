import { TOKENS } from "../services";
import { NotAuthenticatedError, UnsupportedFeatureError } from "../errors";
import type { Kit } from "../kit-types";
import type { AccountSignerDefinition } from "../plugin";

/** The signer for the signed-in user's type, as a plugin registered it. */
export function accountSignerFor(kit: Kit): AccountSignerDefinition {
  const user = kit.getUser();
  if (!user) throw new NotAuthenticatedError();
  const signer = kit.container.all(TOKENS.AccountSigner).findLast((s) => s.userType === user.type);
  if (!signer) throw new UnsupportedFeatureError(`Signing for '${user.type}' users`);
  return signer;
}
