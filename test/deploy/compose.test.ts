/**
 * compose.yaml (DECISIONS §7): checked by dclint (the Compose schema and its best-practice rules), and
 * what the product needs of it: the image built from the Dockerfile, PostgreSQL on a volume and healthy
 * before the product starts, DATABASE_URL pointing at it, the secrets required (never a default), the
 * README's variables passed from .env, the embedded database's volume at the image's /data.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const DCLINT = path.resolve('node_modules/.bin/dclint');

describe('compose.yaml', () => {
  it('passes dclint', async () => {
    const { stdout, stderr } = await promisify(execFile)(DCLINT, ['compose.yaml'], { encoding: 'utf8' }).catch(
      (error: { stdout?: string; stderr?: string; code?: number }) => {
        throw new Error(`dclint found problems (exit ${error.code}):\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    // Nothing to say: no error and no warning.
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });

  it('runs the image with PostgreSQL on a volume, healthy first, the secrets required', () => {
    const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
      services: Record<string, any>;
      volumes: Record<string, unknown>;
    };
    const { app, db } = compose.services;
    expect(app.build).toEqual({ context: '.' });
    expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(app.environment.DATABASE_URL).toMatch(/^postgres:\/\/ambassadors:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/ambassadors$/);
    expect(app.environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(app.environment.NODE_ENV).toBe('production');
    expect(app.environment.DATA_DIR).toBe('/data');
    expect(app.env_file).toEqual([{ path: '.env', required: false }]);
    expect(app.volumes).toEqual(['app-data:/data']);
    expect(db.image).toMatch(/^postgres:\d+/);
    expect(db.environment.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(db.healthcheck.test).toEqual(['CMD', 'pg_isready', '-U', 'ambassadors', '-d', 'ambassadors']);
    expect(db.volumes).toEqual(['db-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'db-data']);
  });
});
