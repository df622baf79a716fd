/**
 * axe-core (Deque's accessibility engine, from npm) in the browser tests: the page as it is now,
 * checked against WCAG 2.0 and 2.1, levels A and AA.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeViolation {
  /** Where it was seen: the page state and the viewport. */
  state: string;
  rule: string;
  impact: string | null;
  help: string;
  /** The elements (CSS selectors) and, for each, what axe found wrong. */
  nodes: Array<{ target: string; summary: string }>;
}

interface AxeRunResult {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

/** Waits for the page to settle: no spinner left, transitions done. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.animate-spin').length === 0, undefined, { timeout: 10_000 });
  await page.waitForTimeout(100);
}

/** The violations axe finds on the whole page now (no rule or element left out), each named with `state`. */
export async function axeViolations(page: Page, state: string): Promise<AxeViolation[]> {
  // Without motion a toast is either shown in its own colours or gone: axe would otherwise measure
  // one half-way through its fade (a contrast no reader meets) and fail on timing.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settle(page);
  // The pointer rests out of the way: a hovered control's colours are not the ones checked.
  await page.mouse.move(0, (page.viewportSize()?.height ?? 600) - 1);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
      return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })) as AxeRunResult;
    },
    [...WCAG_TAGS],
  );
  const size = page.viewportSize();
  const where = `${state} @ ${size?.width ?? '?'}px`;
  return result.violations.map((violation) => ({
    state: where,
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
  }));
}

/** The violations as readable lines, for an assertion's message. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.state}] ${violation.rule} (${violation.impact ?? 'n/a'}): ${violation.help}\n${violation.nodes
          .slice(0, 6)
          .map((node) => `    ${node.target}: ${node.summary.slice(0, 300)}`)
          .join('\n')}`,
    )
    .join('\n');
}
