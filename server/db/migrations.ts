/**
 * The engine's schema history. Append only: a database remembers which versions it has applied.
 * Times are epoch ms. The tables of sign-in methods are their own (`ServerPart.migrations`): the
 * passkey method's authenticators, the mfa method's factors and the oauth method's providers and
 * requests were created here by versions 1–5 before they moved; those methods' first migrations
 * recognise a database that has them already.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: "users, wallets, keys, codes, inbox, send log",
    sql: `
      create table users (
        org_id uuid primary key,
        user_id uuid not null unique,
        email text unique,
        phone text unique,
        created_at double precision not null
      );
      create table wallets (
        org_id uuid primary key references users (org_id) on delete cascade,
        address text not null unique,
        solana_address text not null unique,
        sealed_mnemonic bytea not null,
        created_at double precision not null
      );
      create table api_keys (
        public_key text primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        name text not null,
        expires_at double precision not null,
        created_at double precision not null
      );
      create index api_keys_org on api_keys (org_id);
      create table otps (
        id uuid primary key,
        contact text not null,
        channel text not null check (channel in ('email', 'sms')),
        purpose text not null check (purpose in ('auth', 'verify')),
        org_id uuid references users (org_id) on delete cascade,
        code_hash text not null,
        attempts integer not null default 0,
        expires_at double precision not null,
        used_at double precision,
        created_at double precision not null
      );
      create index otps_contact on otps (contact, created_at);
      create table used_tokens (
        hash text primary key,
        expires_at double precision not null
      );
      create table messages (
        seq bigserial primary key,
        id uuid not null unique,
        recipient text not null,
        channel text not null,
        subject text not null,
        body text not null,
        code text,
        link text,
        sent_at double precision not null
      );
      create index messages_recipient on messages (recipient, seq);
      create table sends (
        contact text not null,
        sent_at double precision not null
      );
      create index sends_contact on sends (contact, sent_at);
    `,
  },
  {
    version: 2,
    name: "key-management activities",
    sql: `
      create table activities (
        id uuid primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        type text not null,
        status text not null,
        result jsonb not null,
        pending_polls integer not null default 0,
        created_at double precision not null,
        updated_at double precision not null
      );
      create index activities_org on activities (org_id, created_at);
    `,
  },
  {
    version: 3,
    name: "social sign-in (its tables are the oauth method's own since: oauth/001-providers-and-requests)",
    sql: "",
  },
  {
    version: 4,
    name: "multi-owner organisations: a wallet held for several EVM signers, a root quorum",
    sql: `
      create table multi_owner_orgs (
        org_id uuid primary key,
        address text not null unique,
        sealed_mnemonic bytea not null,
        threshold integer not null default 1,
        created_at double precision not null
      );
      create table multi_owner_members (
        org_id uuid not null references multi_owner_orgs (org_id) on delete cascade,
        user_id uuid not null unique,
        evm_signer_address text not null,
        in_root_quorum boolean not null default true,
        created_at double precision not null,
        primary key (org_id, evm_signer_address)
      );
    `,
  },
  {
    version: 5,
    name: "envelope custody (a data key per wallet, wrapped by a KEK named by id; sealed signing keys), the server secret sealed the same way, dev identity provider grants, expiry indexes for the sweeper",
    sql: `
      create table server_secrets (
        name text primary key,
        kek_id text not null,
        wrapped_key bytea not null,
        created_at double precision not null
      );
      alter table wallets add column kek_id text;
      alter table wallets add column wrapped_key bytea;
      alter table wallets add column sealed_keys bytea;
      create index wallets_kek_id on wallets (kek_id);
      alter table multi_owner_orgs add column kek_id text;
      alter table multi_owner_orgs add column wrapped_key bytea;
      alter table multi_owner_orgs add column sealed_keys bytea;
      create index multi_owner_orgs_kek_id on multi_owner_orgs (kek_id);
      create table idp_grants (
        hash text primary key,
        kind text not null check (kind in ('code', 'access-token')),
        payload jsonb not null,
        expires_at double precision not null
      );
      create index idp_grants_expiry on idp_grants (expires_at);
      create index used_tokens_expiry on used_tokens (expires_at);
      create index otps_expiry on otps (expires_at);
      create index api_keys_expiry on api_keys (expires_at);
    `,
  },
  {
    version: 6,
    name: "security: sliding-window limits (guess budgets, TOTP attempts per context and per user)",
    sql: `
      create table rate_limits (
        key text primary key,
        hits double precision[] not null,
        last_admitted uuid,
        expires_at double precision not null
      );
      create index rate_limits_expiry on rate_limits (expires_at);
    `,
  },
  {
    version: 7,
    name: "the frame key each session's credential bundle was sealed to (binds linked id tokens to the session)",
    sql: `
      alter table api_keys add column target_public_key text;
    `,
  },
  {
    version: 8,
    name: "several wallets per user: imported wallets (their own data key), accounts beyond the default two (keys sealed under their wallet's data key), one-time import bundles",
    sql: `
      create table imported_wallets (
        wallet_id uuid primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        name text not null,
        kek_id text not null,
        wrapped_key bytea not null,
        sealed_mnemonic bytea not null,
        created_at double precision not null
      );
      create index imported_wallets_org on imported_wallets (org_id, created_at);
      create index imported_wallets_kek_id on imported_wallets (kek_id);
      create table wallet_accounts (
        seq bigserial,
        wallet_account_id uuid primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        wallet_id uuid not null,
        address text not null,
        address_key text not null,
        curve text not null,
        path_format text not null,
        path text not null,
        address_format text not null,
        sealed_key bytea not null,
        created_at double precision not null,
        unique (org_id, address_key),
        unique (wallet_id, address_format, path)
      );
      create index wallet_accounts_wallet on wallet_accounts (wallet_id, seq);
      create table import_bundles (
        target_public_key text primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        user_id uuid not null,
        sealed_private_key bytea not null,
        expires_at double precision not null,
        used_at double precision,
        created_at double precision not null
      );
      create index import_bundles_org on import_bundles (org_id, expires_at);
      create index import_bundles_expiry on import_bundles (expires_at);
    `,
  },
  {
    version: 9,
    name: "split custody: a custody mode per wallet; for a split wallet the server keeps the auth share (under its data key) and the recovery share as a box it cannot open, and no mnemonic or key",
    sql: `
      alter table wallets add column custody text not null default 'server' check (custody in ('server', 'pending', 'split'));
      alter table wallets alter column sealed_mnemonic drop not null;
      create table wallet_shares (
        org_id uuid primary key references users (org_id) on delete cascade,
        kek_id text not null,
        wrapped_key bytea not null,
        sealed_auth_share bytea not null,
        recovery_box text not null,
        recovery_kind text not null check (recovery_kind in ('passkey', 'code')),
        updated_at double precision not null
      );
      create index wallet_shares_kek_id on wallet_shares (kek_id);
    `,
  },
  {
    version: 10,
    name: "session key scopes: null is a full key, 'sign' a key that reads and signs only (sessions restored from a copy the app keeps)",
    sql: `
      alter table api_keys add column scope text check (scope in ('sign'));
    `,
  },
  {
    version: 11,
    name: "sessions remember when they passed a second factor: split custody releases a wallet's shares only to such a session when the user has one enrolled",
    sql: `
      alter table api_keys add column second_factor_at double precision;
    `,
  },
  {
    version: 12,
    name: "passkey sign-ins in a table of their own (the organisation and until when), no longer as markers among the one-time values",
    sql: `
      create table passkey_sessions (
        org_id uuid primary key references users (org_id) on delete cascade,
        expires_at double precision not null
      );
      create index passkey_sessions_expiry on passkey_sessions (expires_at);
      insert into passkey_sessions (org_id, expires_at)
        select users.org_id, used_tokens.expires_at
        from used_tokens join users on users.org_id::text = substr(used_tokens.hash, length('passkey-session:') + 1)
        where used_tokens.hash like 'passkey-session:%';
      delete from used_tokens where hash like 'passkey-session:%';
    `,
  },
  {
    version: 13,
    name: "sessions remember when their first-factor sign-in happened: for limits.signInProofMs it is the session's own fresh proof (step-up)",
    sql: `
      alter table api_keys add column signed_in_at double precision;
    `,
  },
  {
    version: 14,
    name: "split custody: a wallet created in the user's signer frame exists as an account without key material ('none') until the frame uploads its shares and addresses",
    sql: `
      alter table wallets drop constraint if exists wallets_custody_check;
      alter table wallets add constraint wallets_custody_check check (custody in ('server', 'pending', 'split', 'none'));
      alter table wallets alter column address drop not null;
      alter table wallets alter column solana_address drop not null;
      alter table wallets add constraint wallets_addresses_check check (custody = 'none' or (address is not null and solana_address is not null));
    `,
  },
  {
    version: 15,
    name: "step-up proofs in a table of their own (the organisation, the credential that proved, until when), no longer as markers among the one-time values",
    sql: `
      create table step_ups (
        org_id uuid not null references users (org_id) on delete cascade,
        credential text not null,
        expires_at double precision not null,
        primary key (org_id, credential)
      );
      create index step_ups_expiry on step_ups (expires_at);
      insert into step_ups (org_id, credential, expires_at)
        select users.org_id, substr(used_tokens.hash, length('step-up:') + 38), used_tokens.expires_at
        from used_tokens join users on users.org_id::text = substr(used_tokens.hash, length('step-up:') + 1, 36)
        where used_tokens.hash like 'step-up:%' and substr(used_tokens.hash, length('step-up:') + 37, 1) = ':'
        on conflict do nothing;
      delete from used_tokens where hash like 'step-up:%';
    `,
  },
];
