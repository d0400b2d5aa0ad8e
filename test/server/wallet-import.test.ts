import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { mnemonicToSeedSync } from "@scure/bip39";
import { hashMessage, recoverAddress, serializeSignature, toHex } from "viem";
import { mnemonicToAccount, privateKeyToAddress } from "viem/accounts";
import { newTargetKey, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stamp, stampedRequest, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { exportFrameSigningKey, openExportBundle } from "./support/exportBundle";
import { readImportBundle, sealToImportBundle } from "./support/importBundle";
import { keyManagement } from "./support/passkey";

const MNEMONIC = "test test test test test test test test test test test junk";
/** A valid phrase no test imports, for the "same phrase twice" case of its own user. */
const OTHER_MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

let t: TestServer;
let signingKey: string;
beforeAll(async () => {
  t = await startTestServer();
  signingKey = await exportFrameSigningKey(t.emulator.url);
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const km = (operation: string, body: object | string, session: Session) => keyManagement(t.emulator.url, operation, body, (text) => stamp(text, session));

const EVM = (path: string) => ({ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path, addressFormat: "ADDRESS_FORMAT_ETHEREUM" });
const SOLANA = (path: string) => ({ curve: "CURVE_ED25519", pathFormat: "PATH_FORMAT_BIP32", path, addressFormat: "ADDRESS_FORMAT_SOLANA" });
const ACCOUNTS = [EVM("m/44'/60'/0'/0/0"), EVM("m/44'/60'/0'/0/1"), SOLANA("m/44'/501'/0'/0'")];

/** SLIP-10 ed25519 written out here, independent of the server's, for the expected Solana address. */
function solanaAddressOf(mnemonic: string, path: string): string {
  let node = hmac(sha512, new TextEncoder().encode("ed25519 seed"), mnemonicToSeedSync(mnemonic));
  for (const segment of path.split("/").slice(1)) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (parseInt(segment, 10) + 0x80000000) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return base58.encode(ed25519.getPublicKey(node.slice(0, 32)));
}

async function emailUser(): Promise<{ user: User; session: Session; email: string }> {
  const email = uniqueEmail("import");
  return { ...(await t.client.signUpSteppedUp(email, t.clock.now())), email };
}

async function initImport(user: User, session: Session): Promise<string> {
  const answer = await km("submit/init_import_wallet", { type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId } }, session);
  expect(answer.status).toBe(200);
  expect(answer.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return answer.body.activity.result.initImportWalletResult.importBundle;
}

function importWallet(user: User, session: Session, encryptedBundle: string, accounts: object[] = ACCOUNTS, walletName = "Imported") {
  return km(
    "submit/import_wallet",
    { type: "ACTIVITY_TYPE_IMPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId, walletName, encryptedBundle, accounts } },
    session,
  );
}

async function imported(mnemonic = MNEMONIC) {
  const { user, session } = await emailUser();
  const answer = await importWallet(user, session, await sealToImportBundle(await initImport(user, session), signingKey, mnemonic));
  expect(answer.status).toBe(200);
  const { walletId, addresses } = answer.body.activity.result.importWalletResult;
  return { user, session, walletId: walletId as string, addresses: addresses as string[] };
}

function sign(session: Session, parameters: Parameters<typeof signRawPayloadBody>[1]) {
  return t.client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, parameters, t.clock.now()), session) });
}

describe("the import frame page", () => {
  it("is served with the export frame's signing key baked in, the frame headers, and its script", async () => {
    const page = await fetch(`${t.emulator.url}/frames/import`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self' .*http:\/\/localhost:\*/);
    const html = await page.text();
    expect(html).toContain(`<meta name="latch-export-signing-key" content="${signingKey}">`);
    expect(html).toContain('<label for="import-phrase">Secret recovery phrase</label>');
    const script = await fetch(`${t.emulator.url}/frames/import.js`);
    expect([script.status, script.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect(await script.text()).toContain("EXTRACT_WALLET_ENCRYPTED_BUNDLE");
  });
});

describe("init_import_wallet", () => {
  it("answers an import bundle for the user, signed by the key the frame pages carry, naming a fresh target key", async () => {
    const { user, session } = await emailUser();
    const first = readImportBundle(await initImport(user, session), signingKey);
    expect(first).toEqual({ organizationId: user.orgId, userId: user.userId, targetPublic: expect.stringMatching(/^04[0-9a-f]{128}$/) });
    expect(readImportBundle(await initImport(user, session), signingKey).targetPublic).not.toBe(first.targetPublic);
    const other = await km("submit/init_import_wallet", { type: "ACTIVITY_TYPE_INIT_IMPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: "00000000-0000-4000-8000-000000000000" } }, session);
    expect(other.status).toBe(403);
  });
});

describe("import_wallet", () => {
  it("imports a known phrase: the addresses are viem's and the Solana derivation's; it lists, signs and exports", async () => {
    const { user, session, walletId, addresses } = await imported();
    const evm0 = mnemonicToAccount(MNEMONIC).address;
    const evm1 = mnemonicToAccount(MNEMONIC, { addressIndex: 1 }).address;
    const sol0 = solanaAddressOf(MNEMONIC, "m/44'/501'/0'/0'");
    expect(addresses).toEqual([evm0, evm1, sol0]);
    expect(evm0).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

    const wallets = (await km("query/list_wallets", { organizationId: user.orgId }, session)).body.wallets;
    expect(wallets).toEqual([
      expect.objectContaining({ imported: false }),
      { walletId, walletName: "Imported", exported: false, imported: true },
    ]);
    const accounts = (await km("query/list_wallet_accounts", { organizationId: user.orgId, walletId }, session)).body.accounts;
    expect(accounts.map((a: { address: string; path: string }) => [a.address, a.path])).toEqual([
      [evm0, "m/44'/60'/0'/0/0"],
      [evm1, "m/44'/60'/0'/0/1"],
      [sol0, "m/44'/501'/0'/0'"],
    ]);
    // The default wallet keeps its own two accounts only.
    const defaultAccounts = (await km("query/list_wallet_accounts", { organizationId: user.orgId, walletId: wallets[0].walletId }, session)).body.accounts;
    expect(defaultAccounts.map((a: { address: string }) => a.address)).toEqual([user.address, user.solanaAddress]);

    for (const address of [evm0, evm1.toLowerCase()]) {
      const hash = hashMessage(`signed by ${address}`);
      const signed = await sign(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: address });
      expect(signed.status).toBe(200);
      expect(await recoverAddress({ hash, signature: signed.body.signature })).toBe(address === evm0 ? evm0 : evm1);
    }
    const message = new TextEncoder().encode("solana import");
    const solSigned = await sign(session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: toHex(message), signWith: sol0 });
    expect(ed25519.verify(Buffer.from(solSigned.body.signature.slice(2), "hex"), message, base58.decode(sol0))).toBe(true);
    // The default wallet still signs as before.
    const hash = hashMessage("default");
    expect(await recoverAddress({ hash, signature: (await sign(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: user.address })).body.signature })).toBe(user.address);
    // An EVM address is no Solana account and the other way round.
    expect((await sign(session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: "0x00", signWith: evm0 })).status).toBe(403);

    const target = newTargetKey();
    const exported = await km(
      "submit/export_wallet",
      { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, targetPublicKey: target.publicKey } },
      session,
    );
    expect(exported.status).toBe(200);
    const phrase = new TextDecoder().decode(await openExportBundle(exported.body.activity.result.exportWalletResult.exportBundle, target, signingKey, user.orgId));
    expect(phrase).toBe(MNEMONIC);
    const accountTarget = newTargetKey();
    const exportedKey = await km(
      "submit/export_wallet_account",
      { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: ts(), organizationId: user.orgId, parameters: { address: evm1, targetPublicKey: accountTarget.publicKey } },
      session,
    );
    const key = await openExportBundle(exportedKey.body.activity.result.exportWalletAccountResult.exportBundle, accountTarget, signingKey, user.orgId);
    expect(privateKeyToAddress(`0x${Buffer.from(key).toString("hex")}`)).toBe(evm1);
  });

  it("takes the phrase with any spacing and case", async () => {
    const { user, session } = await emailUser();
    const typed = `  ${OTHER_MNEMONIC.toUpperCase().split(" ").join("  \n ")}  `;
    const answer = await importWallet(user, session, await sealToImportBundle(await initImport(user, session), signingKey, typed), [EVM("m/44'/60'/0'/0/0")]);
    expect(answer.body.activity.result.importWalletResult.addresses).toEqual([mnemonicToAccount(OTHER_MNEMONIC).address]);
  });

  it("refuses a used, expired or another user's import bundle, each with its reason", async () => {
    const { user, session, email } = await emailUser();
    const bundle = await initImport(user, session);
    const sealed = await sealToImportBundle(bundle, signingKey, MNEMONIC);
    expect((await importWallet(user, session, sealed)).status).toBe(200);
    const again = await importWallet(user, session, await sealToImportBundle(bundle, signingKey, OTHER_MNEMONIC));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("IMPORT_BUNDLE_USED");

    const late = await sealToImportBundle(await initImport(user, session), signingKey, OTHER_MNEMONIC);
    t.clock.advance(15 * 60 * 1000 + 1);
    // A fresh session (the first one's key may have expired meanwhile).
    const expired = await importWallet(user, await t.client.signIn(email), late);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("IMPORT_BUNDLE_EXPIRED");
    expect(expired.body.message).toContain("expired");

    const other = await emailUser();
    const foreign = await importWallet(user, await t.client.signIn(email), await sealToImportBundle(await initImport(other.user, other.session), signingKey, OTHER_MNEMONIC));
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("IMPORT_BUNDLE_NOT_YOURS");
  });

  it("refuses an invalid phrase with a clear error and keeps the bundle usable; refuses the same phrase twice", async () => {
    const { user, session } = await emailUser();
    const bundle = await initImport(user, session);
    for (const phrase of [MNEMONIC.replace(/junk$/, "test"), "test test test", "not words at all but twelve of them here to make up the count ok"]) {
      const invalid = await importWallet(user, session, await sealToImportBundle(bundle, signingKey, phrase));
      expect(invalid.status).toBe(400);
      expect(invalid.body.code).toBe("INVALID_MNEMONIC");
      expect(invalid.body.message).toBe("The recovery phrase is not valid: it must be 12, 15, 18, 21 or 24 words of the English BIP-39 list, with a correct checksum");
    }
    expect((await importWallet(user, session, await sealToImportBundle(bundle, signingKey, MNEMONIC))).status).toBe(200);
    const twice = await importWallet(user, session, await sealToImportBundle(await initImport(user, session), signingKey, MNEMONIC));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("WALLET_ACCOUNT_EXISTS");
  });

  it("refuses malformed, altered and oversized bundles and accounts it cannot derive, never with a 500", async () => {
    const { user, session } = await emailUser();
    const bundle = await initImport(user, session);
    const sealed = JSON.parse(await sealToImportBundle(bundle, signingKey, MNEMONIC));
    const cases: Array<[string, object[] | undefined, number, string]> = [
      ["not json", undefined, 400, "INVALID_ENCRYPTED_BUNDLE"],
      [JSON.stringify({ ...sealed, ciphertext: sealed.ciphertext.replace(/^../, sealed.ciphertext.startsWith("00") ? "01" : "00") }), undefined, 400, "INVALID_ENCRYPTED_BUNDLE"],
      [JSON.stringify({ ...sealed, targetPublic: newTargetKey().publicKey }), undefined, 400, "UNKNOWN_IMPORT_BUNDLE"],
      [JSON.stringify({ ...sealed, ciphertext: "ab".repeat(5000) }), undefined, 400, "INVALID_REQUEST"],
      [JSON.stringify({ ...sealed, ciphertext: "ab".repeat(2000) }), undefined, 400, "INVALID_ENCRYPTED_BUNDLE"],
      [JSON.stringify(sealed), [], 400, "INVALID_REQUEST"],
      [JSON.stringify(sealed), [{ ...EVM("m/44'/60'/0'/0/0"), curve: "CURVE_ED25519" }], 400, "INVALID_WALLET_ACCOUNT"],
      [JSON.stringify(sealed), [SOLANA("m/44'/501'/0'/0")], 400, "INVALID_WALLET_ACCOUNT"],
      [JSON.stringify(sealed), [EVM("m/44'/60'/x")], 400, "INVALID_WALLET_ACCOUNT"],
      [JSON.stringify(sealed), [EVM("m/44'/60'/0'/0/0"), EVM("m/44'/60'/0'/0/0")], 409, "WALLET_ACCOUNT_EXISTS"],
    ];
    for (const [encryptedBundle, accounts, status, code] of cases) {
      const answer = await importWallet(user, session, encryptedBundle, accounts);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    // None of those used the bundle up.
    expect((await importWallet(user, session, JSON.stringify(sealed))).status).toBe(200);
  });

  it("keeps a user's imported wallet from another user: not listed, not exported, not signed with", async () => {
    const alice = await imported();
    const bob = await emailUser();
    expect((await km("query/list_wallet_accounts", { organizationId: bob.user.orgId, walletId: alice.walletId }, bob.session)).status).toBe(404);
    const exported = await km(
      "submit/export_wallet",
      { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: bob.user.orgId, parameters: { walletId: alice.walletId, targetPublicKey: newTargetKey().publicKey } },
      bob.session,
    );
    expect(exported.status).toBe(404);
    const signed = await sign(bob.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: alice.addresses[0]! });
    expect([signed.status, signed.body.code]).toEqual([403, "SIGN_WITH_NOT_OWNED"]);
    const createOn = await km(
      "submit/create_wallet_accounts",
      { type: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", timestampMs: ts(), organizationId: bob.user.orgId, parameters: { walletId: alice.walletId, accounts: [EVM("m/44'/60'/0'/0/5")] } },
      bob.session,
    );
    expect(createOn.status).toBe(404);
  });
});

describe("submit/sign_raw_payload on the key-management API", () => {
  it("signs with an imported account, answering {r, s, v} that recover to it; an address of no wallet of the user is refused", async () => {
    const { user, session, addresses } = await imported();
    const hash = hashMessage("an activity signature");
    const body = (signWith: string, hashFunction = "HASH_FUNCTION_NO_OP", payload: string = hash) => ({
      type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { encoding: "PAYLOAD_ENCODING_HEXADECIMAL", hashFunction, payload, signWith },
    });
    for (const signWith of [addresses[1]!, user.address]) {
      const answer = await km("submit/sign_raw_payload", body(signWith), session);
      expect(answer.body.activity).toMatchObject({ type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", status: "ACTIVITY_STATUS_COMPLETED" });
      const { r, s, v } = answer.body.activity.result.signRawPayloadResult;
      expect(v).toMatch(/^0[01]$/);
      expect(await recoverAddress({ hash, signature: serializeSignature({ r: `0x${r}`, s: `0x${s}`, yParity: Number(v) }) })).toBe(signWith);
    }
    const message = new TextEncoder().encode("solana activity");
    const sol = await km("submit/sign_raw_payload", body(addresses[2]!, "HASH_FUNCTION_NOT_APPLICABLE", toHex(message)), session);
    const { r, s } = sol.body.activity.result.signRawPayloadResult;
    expect(ed25519.verify(Buffer.from(r + s, "hex"), message, base58.decode(addresses[2]!))).toBe(true);
    const other = await emailUser();
    const refused = await km("submit/sign_raw_payload", body(other.user.address), session);
    expect([refused.status, refused.body.code]).toEqual([403, "SIGN_WITH_NOT_OWNED"]);
    expect((await km("submit/sign_raw_payload", body(addresses[0]!, "HASH_FUNCTION_NO_OP", "0x1234"), session)).status).toBe(400);
  });
});

describe("create_wallet_accounts", () => {
  const create = (user: User, session: Session, walletId: string, accounts: object[]) =>
    km("submit/create_wallet_accounts", { type: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, accounts } }, session);

  it("adds the next account per kind to an imported wallet, or the path asked for; refuses a path it holds", async () => {
    const { user, session, walletId } = await imported();
    const { curve, pathFormat, addressFormat } = EVM("");
    const next = await create(user, session, walletId, [{ curve, pathFormat, addressFormat }, { curve: "CURVE_ED25519", pathFormat, addressFormat: "ADDRESS_FORMAT_SOLANA" }, EVM("m/44'/60'/0'/0/7")]);
    expect(next.status).toBe(200);
    expect(next.body.activity.result.createWalletAccountsResult.addresses).toEqual([
      mnemonicToAccount(MNEMONIC, { addressIndex: 2 }).address,
      solanaAddressOf(MNEMONIC, "m/44'/501'/1'/0'"),
      mnemonicToAccount(MNEMONIC, { addressIndex: 7 }).address,
    ]);
    const seventh = mnemonicToAccount(MNEMONIC, { addressIndex: 7 }).address;
    const hash = hashMessage("seventh");
    expect(await recoverAddress({ hash, signature: (await sign(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: seventh })).body.signature })).toBe(seventh);
    const duplicate = await create(user, session, walletId, [EVM("m/44'/60'/0'/0/7")]);
    expect([duplicate.status, duplicate.body.code]).toEqual([409, "WALLET_ACCOUNT_EXISTS"]);
    expect((await km("query/list_wallet_accounts", { organizationId: user.orgId, walletId }, session)).body.accounts).toHaveLength(6);
  });

  it("adds accounts to the default wallet: derived from its phrase, signing as the new address", async () => {
    const { user, session } = await emailUser();
    const walletId = (await km("query/list_wallets", { organizationId: user.orgId }, session)).body.wallets[0].walletId;
    const target = newTargetKey();
    const exported = await km(
      "submit/export_wallet",
      { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, targetPublicKey: target.publicKey } },
      session,
    );
    const phrase = new TextDecoder().decode(await openExportBundle(exported.body.activity.result.exportWalletResult.exportBundle, target, signingKey, user.orgId));
    const added = await create(user, session, walletId, [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }]);
    const [address] = added.body.activity.result.createWalletAccountsResult.addresses;
    expect(address).toBe(mnemonicToAccount(phrase, { addressIndex: 1 }).address);
    const hash = hashMessage("second account");
    expect(await recoverAddress({ hash, signature: (await sign(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: address }) ).body.signature })).toBe(address);
    const listed = (await km("query/list_wallet_accounts", { organizationId: user.orgId, walletId }, session)).body.accounts;
    expect(listed.map((a: { address: string }) => a.address)).toEqual([user.address, user.solanaAddress, address]);
    expect((await create(user, session, walletId, [EVM("m/44'/60'/0'/0/0")])).body.code).toBe("WALLET_ACCOUNT_EXISTS");
  });
});
