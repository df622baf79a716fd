/** `npm run db:migrate`: apply migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

const config = loadConfig(process.env);
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
} catch (error) {
  // A running server holds the directory: one line saying so, not a stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`Migrations not applied: ${error.message}`);
  process.exit(1);
}
console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}`);
