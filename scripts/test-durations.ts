/**
 * `npm run test:durations -- REPORT.json`: writes each test file's duration (ms) from a run's JSON
 * report (`npm test -- --reporter=json --outputFile.json=REPORT.json`) into
 * test/runner/durations.json, the order the next runs start files in (test/runner/slowest-first.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DURATIONS_FILE } from '../test/runner/slowest-first.ts';

const report = process.argv[2];
if (!report) {
  console.error('usage: npm run test:durations -- REPORT.json');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
/** A file's name from its checkout's test/ or src/ on: the report may come from another worktree. */
const inRepo = (name: string) => {
  const path = name.split('\\').join('/');
  const at = path.search(/\/(test|src)\//);
  return at < 0 ? path : path.slice(at + 1);
};
const durations = Object.fromEntries(
  testResults.map((file) => [inRepo(file.name), Math.round(file.endTime - file.startTime)] as const).sort((a, b) => b[1] - a[1]),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files written to ${fileURLToPath(DURATIONS_FILE)}`);
