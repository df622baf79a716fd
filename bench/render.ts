/** Rewrites docs/benchmarks.md from a saved run: `npx tsx bench/render.ts [results.json] [commit of the run]` (default latest.json). */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';
import { writeMarkdown } from './report.ts';
import type { BenchResults } from './run.ts';

const file = process.argv[2] ?? path.join(ROOT, 'bench/results/latest.json');
const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
const revision = process.argv[3] ?? execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), writeMarkdown(results, revision));
console.log(`docs/benchmarks.md from ${path.relative(ROOT, file)}`);
