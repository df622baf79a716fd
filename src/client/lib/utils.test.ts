import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { clientClassNames } from '../../../scripts/client-class-names.ts';
import { cn } from './utils.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('cn (tailwind-merge, cut down to the groups the pages use)', () => {
  const classes = clientClassNames(ROOT);

  it('finds the classes of the source', () => {
    expect(classes).toContain('px-3');
    expect(classes).toContain('sm:px-3');
    expect(classes.length).toBeGreaterThan(300);
  });

  it('merges every pair of the classes in the source exactly as the default configuration does', () => {
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        // A class named twice in one string (kept twice when its group was left out) changes nothing.
        if (a === b) continue;
        const pair = `${a} ${b}`;
        if (cn(pair) !== twMerge(pair)) differences.push(`${pair}: ${cn(pair)} instead of ${twMerge(pair)}`);
      }
    }
    // A new class from a group the file does not have yet: run `npm run tailwind-merge:config`.
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('still resolves conflicts', () => {
    expect(cn('px-2 py-1 px-4')).toBe('py-1 px-4');
    expect(cn('text-sm text-gold text-lg')).toBe('text-gold text-lg');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
  });
});
