import pg from "pg";

/** Runs one statement on the PostgreSQL server of `url`: a database made or dropped. */
export async function onServer(url: string, statement: string, applicationName = "office-admin"): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
