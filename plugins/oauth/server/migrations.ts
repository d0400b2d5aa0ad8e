import type { MethodMigration } from "../../../server/method-kit";

/**
 * The oauth method's tables: linked identities and prepared sign-ins. A no-op on a database where the
 * engine's migrations 3 and 5 created them before they moved here.
 */
export const oauthMigrations: MethodMigration[] = [
  {
    id: "oauth/001-providers-and-requests",
    sql: `
      create table if not exists oauth_providers (
        provider_id uuid primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        issuer text not null,
        subject text not null,
        provider_name text not null,
        user_display_name text,
        created_at double precision not null,
        unique (issuer, subject)
      );
      create index if not exists oauth_providers_org on oauth_providers (org_id);
      create table if not exists oauth_requests (
        request_key uuid primary key,
        code_verifier text not null,
        nonce text not null,
        expires_at double precision not null,
        used_at double precision,
        created_at double precision not null
      );
      create index if not exists oauth_requests_expiry on oauth_requests (expires_at);
    `,
  },
];
