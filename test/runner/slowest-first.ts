/**
 * The order test files start in: slowest first, so that the workers end together instead of one
 * finishing a long browser file alone at the end, and browser files taking turns with the others,
 * so that the Chromiums (most of a browser file's CPU) do not all draw at once while the API files,
 * which mostly wait (timers, product processes, polls), wait together. The durations are a run's own
 * (test/runner/durations.json, written by `npm run test:durations -- REPORT.json` from the JSON
 * reporter's output), committed so that a fresh clone orders the same way; a file not in it yet
 * is taken as slow as the median of its folder and starts among its peers.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = new URL('./durations.json', import.meta.url);

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');

/** Each file's expected duration: its own, else the median of its folder's, else of all. */
export function expectedDurations(files: string[], durations: Record<string, number>): Map<string, number> {
  const byFolder = new Map<string, number[]>();
  for (const [file, ms] of Object.entries(durations)) byFolder.set(folderOf(file), [...(byFolder.get(folderOf(file)) ?? []), ms]);
  const overall = median(Object.values(durations));
  return new Map(files.map((file) => [file, durations[file] ?? median(byFolder.get(folderOf(file)) ?? [overall])]));
}

/** A browser file: it drives the worker's Chromium. */
export const isBrowserFile = (file: string) => file.startsWith('test/e2e/');

/**
 * The files in the order they start: each kind (browser, other) slowest first, the two taking
 * turns from the slowest of each, so that whichever worker comes free next takes the other kind
 * as long as both are left.
 */
export function startOrder(files: string[], durations: Record<string, number>): string[] {
  const expected = expectedDurations(files, durations);
  const slowestFirst = (list: string[]) => [...list].sort((a, b) => (expected.get(b) ?? 0) - (expected.get(a) ?? 0) || a.localeCompare(b));
  const browser = slowestFirst(files.filter(isBrowserFile));
  const other = slowestFirst(files.filter((file) => !isBrowserFile(file)));
  const order: string[] = [];
  for (let i = 0; i < Math.max(browser.length, other.length); i++) order.push(...[browser[i], other[i]].filter((file) => file !== undefined));
  return order;
}

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const name = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const rank = new Map(startOrder(files.map(name), readDurations()).map((file, index) => [file, index]));
    return [...files].sort((a, b) => (rank.get(name(a)) ?? 0) - (rank.get(name(b)) ?? 0));
  }
}
