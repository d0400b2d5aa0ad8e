import type { MethodMigration } from "../../../server/method-kit";

/** The mfa method's table; a no-op on a database where the engine's migration 1 created it before it moved here. */
export const mfaMigrations: MethodMigration[] = [
  {
    id: "mfa/001-factors",
    sql: `
      create table if not exists mfa_factors (
        id uuid primary key,
        org_id uuid not null references users (org_id) on delete cascade,
        type text not null,
        sealed_secret bytea not null,
        verified boolean not null default false,
        last_step bigint,
        created_at double precision not null
      );
      create index if not exists mfa_factors_org on mfa_factors (org_id);
    `,
  },
];
