/**
 * The Tailwind classes the client's source names: every word of every string in src/client that
 * tailwind-merge's default configuration recognises as a class (scripts/tailwind-merge-config.ts).
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';

export function clientClassNames(root: string): string[] {
  const words = new Set<string>();
  for (const file of globSync('src/client/**/*.{ts,tsx}', { cwd: root })) {
    if (/\.test\.tsx?$/.test(file) || file.endsWith('tailwind-merge-config.ts')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of (match[2] ?? '').split(/\s+|\$\{[^}]*\}/)) if (word) words.add(word);
    }
  }
  // A class merged with itself is kept once; any other word is left as it is, twice.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}
