import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every entry under `root` (itself included) that is not a 0700 directory or a 0600 file. */
export function notPrivate(root: string): string[] {
  const loose: string[] = [];
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path.relative(root, entry) || '.'}/ ${mode.toString(8)}`);
      for (const name of readdirSync(entry)) walk(path.join(entry, name));
    } else if (mode !== 0o600) {
      loose.push(`${path.relative(root, entry)} ${mode.toString(8)}`);
    }
  };
  walk(root);
  return loose;
}
