// Sign in with Solana through the connected wallet: `solana:signIn` when the wallet has it, else the
// sign-in message text signed with `solana:signMessage`. Either answer is verified before it is
// returned: the signed text must be the one asked for, the key must be the account's, and the
// ed25519 signature must hold over the signed bytes (WebCrypto).
import { getAddressDecoder } from "@solana/kit";
import {
  SolanaSignIn,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  type SolanaSignInOutput,
} from "@solana/wallet-standard-features";
import { createSignInMessageText, deriveSignInMessageText } from "@solana/wallet-standard-util";
import { WalletSignInError } from "./errors";
import { signingError, type SolanaWallets } from "./service";
import { solanaWalletStrings as t } from "./strings";

export type { SolanaSignInInput, SolanaSignInOutput };

export async function signInWithWallet(wallets: SolanaWallets, input: SolanaSignInInput = {}): Promise<SolanaSignInOutput> {
  const { wallet, account } = wallets.requireSelected();
  const feature = (wallet.features as Partial<SolanaSignInFeature>)[SolanaSignIn];
  let request: SolanaSignInInput = { ...input, address: input.address ?? account.address };
  let output: SolanaSignInOutput;
  if (feature) {
    try {
      const [answer] = await feature.signIn(request);
      if (!answer) throw new WalletSignInError();
      output = answer;
    } catch (error) {
      throw signingError(error, WalletSignInError);
    }
  } else if (wallets.canSignMessages()) {
    // The text a signIn-capable wallet would show, with the fields it would fill in itself.
    const filled = { ...request, domain: request.domain ?? window.location.host, address: account.address };
    request = filled;
    const signedMessage = new TextEncoder().encode(createSignInMessageText(filled));
    const signature = await wallets.signMessage(signedMessage).catch((error: unknown) => {
      throw signingError(error, WalletSignInError);
    });
    output = { account, signedMessage, signature };
  } else {
    throw new WalletSignInError(t.signInUnsupported);
  }
  await verifySolanaSignIn(request, output);
  return output;
}

/** Refuses (WalletSignInError) an answer whose message, key or signature does not hold. */
export async function verifySolanaSignIn(input: SolanaSignInInput, output: SolanaSignInOutput): Promise<void> {
  const text = deriveSignInMessageText(input, output);
  if (!text || !bytesEqual(new TextEncoder().encode(text), output.signedMessage)) throw new WalletSignInError(t.signInMessageMismatch);
  const publicKey = output.account.publicKey;
  if (publicKey.length !== 32 || getAddressDecoder().decode(publicKey) !== output.account.address) throw new WalletSignInError(t.signInKeyMismatch);
  if (!(await verifyEd25519(publicKey, output.signature, output.signedMessage))) throw new WalletSignInError(t.signInSignatureInvalid);
}

async function verifyEd25519(publicKey: ArrayLike<number>, signature: ArrayLike<number>, message: ArrayLike<number>): Promise<boolean> {
  if (signature.length !== 64) return false;
  const key = await crypto.subtle.importKey("raw", Uint8Array.from(publicKey), { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, Uint8Array.from(signature), Uint8Array.from(message));
}

function bytesEqual(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return a.length === b.length && Array.from(a).every((byte, i) => byte === b[i]);
}
