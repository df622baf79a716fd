/**
 * Secrets sealed at rest (issue 24): a value that lets someone sign in (a TOTP seed) is stored
 * encrypted, so a database dump or a read-only SQL account gives nothing usable. AES-256-GCM with a
 * random 96-bit nonce, the purpose as associated data (a sealed value cannot be moved to another
 * column's meaning), and a key derived with HKDF-SHA-256 from DATA_ENCRYPTION_KEY, else from
 * SESSION_SECRET (which never enters the database: it is an environment variable, or a file in
 * DATA_DIR beside the embedded database, outside its dump).
 *
 * Stored form: `v1.<key id>.<base64url(nonce ‖ ciphertext ‖ tag)>`, the key id being the first 8
 * hex digits of a hash of the derived key, so a rotation can tell which key sealed a value.
 * Rotation (docs/decisions/018): the new secret in DATA_ENCRYPTION_KEY, the old one(s) in
 * DATA_ENCRYPTION_KEY_PREVIOUS; at start every sealed value is re-sealed with the new key
 * (resealSecrets), after which the old key can be dropped.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const SALT = 'ambassador-programme/data-encryption';

interface Key {
  id: string;
  key: Buffer;
}

export interface SealKeys {
  current: Key;
  previous: Key[];
}

export type SealPurpose = 'totp' | 'discord' | 'webhook';

function derive(secret: string): Key {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, 'aes-256-gcm:v1', 32));
  return { key, id: createHash('sha256').update('key-id:').update(key).digest('hex').slice(0, 8) };
}

const cache = new Map<string, SealKeys>();

/** The keys from the configured secrets: the current one, then the ones a rotation retires. */
export function sealKeys(config: { dataEncryptionKey: string | undefined; dataEncryptionKeyPrevious: string[]; sessionSecret: string }): SealKeys {
  const current = config.dataEncryptionKey ?? config.sessionSecret;
  const memo = `${current}\n${config.dataEncryptionKeyPrevious.join('\n')}`;
  let keys = cache.get(memo);
  if (!keys) {
    const currentKey = derive(current);
    keys = { current: currentKey, previous: config.dataEncryptionKeyPrevious.map(derive).filter((k) => k.id !== currentKey.id) };
    cache.set(memo, keys);
  }
  return keys;
}

export function seal(keys: SealKeys, plaintext: string, purpose: SealPurpose): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([nonce, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${keys.current.id}.${body.toString('base64url')}`;
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

/** Sealed with the current key (nothing for a rotation to do). */
export function isSealedWithCurrent(keys: SealKeys, value: string): boolean {
  return value.startsWith(`${VERSION}.${keys.current.id}.`);
}

export class SealError extends Error {}

/** The plaintext of a sealed value; SealError when no configured key opens it or it was altered. */
export function unseal(keys: SealKeys, sealed: string, purpose: SealPurpose): string {
  const [version, id, payload, ...rest] = sealed.split('.');
  if (version !== VERSION || !id || !payload || rest.length) throw new SealError('not a sealed value');
  const key = [keys.current, ...keys.previous].find((k) => k.id === id);
  if (!key) throw new SealError(`sealed with a key that is not configured (key id ${id}): set the old secret in DATA_ENCRYPTION_KEY_PREVIOUS`);
  const body = Buffer.from(payload, 'base64url');
  if (body.length < 12 + 16) throw new SealError('a sealed value too short to be one');
  const decipher = createDecipheriv('aes-256-gcm', key.key, body.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(body.subarray(body.length - 16));
  try {
    return Buffer.concat([decipher.update(body.subarray(12, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError(`a sealed value that does not open with key ${id} (altered, or another secret under the same id)`);
  }
}

/**
 * A rotation's step at start for one kind of secret: each value of `columns` in `rows` that is not
 * sealed with the current key is opened (a value kept in clear from before sealing is read as it is
 * when `clearText` says such values exist) and handed to `replace` sealed with the current key; a
 * value no configured key opens is left as it is, counted and handed to `unreadable`.
 */
export async function resealSecrets<C extends string, R extends Record<C, string | null>>(
  keys: SealKeys,
  purpose: SealPurpose,
  rows: readonly R[],
  columns: readonly C[],
  handlers: {
    clearText?: boolean;
    replace: (row: R, column: C, stored: string, sealed: string) => Promise<unknown>;
    unreadable: (row: R, error: unknown) => void;
  },
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    for (const column of columns) {
      const stored = row[column];
      if (!stored || isSealedWithCurrent(keys, stored)) continue;
      let plain: string;
      try {
        plain = handlers.clearText && !isSealed(stored) ? stored : unseal(keys, stored, purpose);
      } catch (error) {
        unreadable++;
        handlers.unreadable(row, error);
        continue;
      }
      await handlers.replace(row, column, stored, seal(keys, plain, purpose));
      resealed++;
    }
  }
  return { resealed, unreadable };
}
