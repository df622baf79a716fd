/**
 * `tsx scripts/count-checks.ts [REF]`: the checks the tests' sources make, in the working tree or at
 * a git commit: `expect(…)`, `expect.poll(…)` and the browser helpers that throw on a mismatch
 * (expectText, expectToast, …), counted in every test file and test helper. With the JSON
 * reporter's count of tests, the measure of docs/testing.md that no check was dropped.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CHECK =
  /\bexpect(?:\.poll|\.soft)?\s*\(|\bexpect(?:Text|NoText|Toast|Content|NoConsoleErrors|OneVisibleToast|LabelledControls|NoHorizontalOverflow|ErrorShape)\s*\(|\bassert[A-Z]\w*\s*\(/g;

const ref = process.argv[2];
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const files = (ref ? git('ls-tree', '-r', '--name-only', ref) : git('ls-files'))
  .split('\n')
  .filter((file) => /^(test|src)\/.*\.tsx?$/.test(file) && (file.startsWith('test/') || /\.test\.tsx?$/.test(file)));
let checks = 0;
let testFiles = 0;
for (const file of files) {
  let text: string;
  try {
    text = ref ? git('show', `${ref}:${file}`) : readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  if (/\.test\.tsx?$/.test(file)) testFiles += 1;
  checks += text.match(CHECK)?.length ?? 0;
}
console.log(JSON.stringify({ ref: ref ?? 'working tree', testFiles, checks }));
