/** `npm run db:migrate`: apply migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}`);
