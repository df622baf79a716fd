/**
 * `npm run test:durations -- REPORT.json`: writes each test file's duration (ms) from a run's JSON
 * report (`npm test -- --reporter=json --outputFile.json=REPORT.json`) into
 * test/runner/durations.json, the order the next runs start files in (test/runner/slowest-first.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATIONS_FILE } from '../test/runner/slowest-first.ts';

const report = process.argv[2];
if (!report) {
  console.error('usage: npm run test:durations -- REPORT.json');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
const durations = Object.fromEntries(
  testResults.map((file) => [relative(root, file.name).split('\\').join('/'), Math.round(file.endTime - file.startTime)] as const).sort((a, b) => b[1] - a[1]),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files written to ${fileURLToPath(DURATIONS_FILE)}`);
