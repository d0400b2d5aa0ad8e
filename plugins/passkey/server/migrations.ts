import type { MethodMigration } from "../../../server/method-kit";

/**
 * The passkey method's tables. Written to run on any database: a new one, and one where the engine's
 * migrations 1 and 2 created them before they moved here (each statement is a no-op there).
 */
export const passkeyMigrations: MethodMigration[] = [
  {
    id: "passkey/001-authenticators",
    sql: `
      create table if not exists authenticators (
        credential_id text primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        name text not null,
        public_key bytea not null,
        sign_count bigint not null default 0,
        transports text[] not null default '{}',
        created_at double precision not null
      );
      create index if not exists authenticators_org on authenticators (org_id);
      alter table authenticators add column if not exists authenticator_id uuid not null default gen_random_uuid();
      do $$ begin
        if not exists (select 1 from pg_constraint where conname = 'authenticators_authenticator_id_key') then
          alter table authenticators add constraint authenticators_authenticator_id_key unique (authenticator_id);
        end if;
      end $$;
      alter table authenticators add column if not exists rp_id text not null default 'localhost';
    `,
  },
];
