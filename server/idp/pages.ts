import { escapeHtml } from "../dev/html";
import type { AuthorizationRequest } from "./provider";
import { TEST_IDENTITIES, type DevProvider } from "./providers";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:440px;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem;margin:0 0 .8rem}h2{font-size:1rem;margin:1.4rem 0 .5rem}
.warn{background:#fff4d6;border:1px solid #e8c66a;padding:.5rem .8rem;border-radius:6px;font-size:14px}
ul{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
button{font:inherit;width:100%;padding:.6rem .8rem;border:1px solid #bbb;border-radius:8px;background:#fff;cursor:pointer;text-align:left}
button:focus-visible,input:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
button.primary{background:#1d1d1f;color:#fff;text-align:center}
.meta{display:block;color:#555;font-size:13px}label{display:block;margin:.5rem 0 .2rem;font-weight:600}
input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #888;border-radius:6px}
form.cancel button{text-align:center;margin-top:1.2rem}code{background:#f2f2f2;padding:0 .25rem;border-radius:4px}`;

function document(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The authorization request, carried through the login form as hidden fields (the POST checks it again). */
function hiddenFields(request: AuthorizationRequest): string {
  const fields: Record<string, string | undefined> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    nonce: request.nonce,
    claims: request.claims,
    connection: request.connection,
    prompt: request.prompt,
  };
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
    .join("");
}

/** The login page: test identities, a form for any email, and Cancel. Plain HTML, every value escaped. */
export function loginPage(provider: DevProvider, request: AuthorizationRequest): string {
  const action = `/idp/${provider.id}/authorize`;
  const hidden = hiddenFields(request);
  const name = escapeHtml(provider.name);
  const identities = TEST_IDENTITIES.map(
    (identity) => `<li><form method="post" action="${action}">${hidden}
<input type="hidden" name="login_email" value="${escapeHtml(identity.email)}"><input type="hidden" name="login_name" value="${escapeHtml(identity.name)}">
<button type="submit">${escapeHtml(identity.name)} <span class="meta">${escapeHtml(identity.email)}</span></button></form></li>`,
  ).join("\n");
  const connection = request.connection ? `<p>Connection: <strong>${escapeHtml(request.connection)}</strong></p>` : "";
  return document(
    `Sign in with ${provider.name} (development)`,
    `<h1>Sign in with ${name}</h1>
<p class="warn"><strong>Development identity provider.</strong> Test identities only: no real ${name} account is involved, and anyone who can reach this emulator can sign in as anyone.</p>
${connection}<p>The app asks for <code>${escapeHtml(request.scope)}</code>.</p>
<h2 id="pick">Choose a test identity</h2>
<ul aria-labelledby="pick">
${identities}
</ul>
<h2>Or sign in as another email</h2>
<form method="post" action="${action}">${hidden}
<label for="login_email">Email</label><input id="login_email" name="login_email" type="email" required autocomplete="email">
<label for="login_name">Name (optional)</label><input id="login_name" name="login_name" autocomplete="name">
<p><button type="submit" class="primary">Continue</button></p>
</form>
<form method="post" action="${action}" class="cancel">${hidden}<input type="hidden" name="login_action" value="cancel"><button type="submit">Cancel</button></form>`,
  );
}

/** A page for requests that cannot be answered to a redirect URI (bad client, bad redirect URI, broken state). */
export function errorPage(title: string, message: string): string {
  return document(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
}

/**
 * The popup end of /callback: posts the result to the opener, only at `openerOrigin`, then closes.
 * The kit closes it as soon as the message arrives; the page closing itself is the fallback.
 */
export function popupResultPage(result: object, openerOrigin: string, nonce: string): string {
  const script = `(() => {
  const result = ${scriptJson(result)};
  const origin = ${scriptJson(openerOrigin)};
  const status = document.getElementById("status");
  if (!window.opener) { status.textContent = "This window lost the app that opened it. Close it and sign in again."; return; }
  window.opener.postMessage(result, origin);
  setTimeout(() => window.close(), 1000);
})();`;
  return document(
    "Signing in",
    `<h1>Signing you in</h1>\n<p id="status" role="status">You can close this window.</p>\n<script nonce="${nonce}">${script}</script>`,
  );
}

/** JSON safe inside a script element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
