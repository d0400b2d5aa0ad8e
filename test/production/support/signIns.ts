import pg from "pg";

/**
 * Makes the user's sessions, to the server, ten minutes old: past the five in which a sign-in is its
 * session's own fresh proof (step-up), without waiting (the test owns the PostgreSQL database).
 */
export async function ageSignIns(databaseUrl: string, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("update api_keys set signed_in_at = signed_in_at - 600000 where org_id = (select org_id from users where email = $1)", [email]);
  } finally {
    await client.end();
  }
}
