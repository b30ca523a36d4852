import pg from 'pg';

/**
 * A database made and dropped on a PostgreSQL server, for the tools that start a whole topology
 * of their own (npm run cluster, its test, the bench). The name is the caller's, checked here.
 */
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function onServer<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates database `name` on the server of `adminUrl` and answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!NAME.test(name)) throw new Error(`Not a database name: ${name}`);
  await onServer(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`Not a database name: ${name}`);
  await onServer(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
