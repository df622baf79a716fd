/**
 * Once before the suite: the pages are built when browser tests need them,
 * and a configured PostgreSQL is checked to answer.
 */
import { existsSync } from 'node:fs';
import { withPgClient } from './helpers/pg-server.ts';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    try {
      await withPgClient(url, (client) => client.query('select 1'));
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`, { cause: error });
    }
  }
  const { buildTemplate } = await import('../src/server/db/pglite-template.ts');
  const { TEST_TEMPLATE_DIR } = await import('./helpers/database.ts');
  await buildTemplate(TEST_TEMPLATE_DIR);
  const builder = new URL('./e2e/build-client.ts', import.meta.url);
  if (existsSync(builder)) {
    const { buildClientIfStale } = (await import(builder.href)) as { buildClientIfStale: () => Promise<void> };
    await buildClientIfStale();
  }
}
