/**
 * Lighthouse on the landing page, phone profile (Lighthouse's default), in
 * Debian's Chromium against the built product on a new embedded database.
 * Lighthouse 13 (it needs Node 22.19+, which the product's `node` dependency
 * gives npm scripts) is fetched by npx at bench time (it is not a dependency:
 * its tree does not resolve from this registry's lock file). No Lighthouse or no Chromium: reported as not measured.
 * Its throttling is simulated from the CPU time it observes, so a machine busy
 * with other work scores lower (mostly TBT): compare runs on a quiet machine.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, stopProcess } from './lib.ts';

/** The metrics behind the performance score: milliseconds, except CLS (a unitless score). */
export interface LighthouseMetrics {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export type LighthouseFigures =
  | {
      performance: number;
      accessibility: number;
      bestPractices: number;
      version: string;
      metrics?: LighthouseMetrics;
      /** Performance score of every run; the figures above are those of the median run. */
      runs?: number[];
    }
  | { skipped: string };

/** Lighthouse's advice on variability: run it several times and take the median run. */
const RUNS = 5;

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage';

export async function measureLighthouse(log: (line: string) => void): Promise<LighthouseFigures> {
  if (!existsSync(CHROMIUM)) return { skipped: `not measured: ${CHROMIUM} is not installed` };
  if (!existsSync(path.join(ROOT, 'dist/client/index.html')) || !existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    return { skipped: 'not measured: the product is not built (npm run build)' };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}/`;
  const server = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url.slice(0, -1), DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${url}readyz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, path.join(dir, `report-${i}.json`)));
    const sorted = [...runs].sort((x, y) => x.performance - y.performance);
    const figures: Figures = { ...(sorted[Math.floor(sorted.length / 2)] as Figures), runs: runs.map((r) => r.performance) };
    const metrics = figures.metrics as LighthouseMetrics;
    log(
      `lighthouse ${figures.version}: performance ${figures.performance} (median of ${runs.map((r) => r.performance).join(', ')}), accessibility ${figures.accessibility}, best practices ${figures.bestPractices}`,
    );
    log(`  FCP ${metrics.fcpMs} ms, LCP ${metrics.lcpMs} ms, TBT ${metrics.tbtMs} ms, CLS ${metrics.cls}, Speed Index ${metrics.speedIndexMs} ms`);
    return figures;
  } catch (error) {
    return { skipped: `not measured: ${LIGHTHOUSE} did not run (${String(error).slice(0, 200)})` };
  } finally {
    await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

type Figures = Exclude<LighthouseFigures, { skipped: string }>;

/** Runs Lighthouse once; a run that fails to start (Chromium not launching in time, seen now and then) is tried once more. */
async function runOnce(url: string, report: string): Promise<Figures> {
  try {
    return await runLighthouse(url, report);
  } catch {
    try {
      return await runLighthouse(url, report);
    } catch (error) {
      // What Lighthouse said last is what explains it, not the command line.
      const said = String((error as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(said ? said.slice(-300) : String(error).slice(-300), { cause: error });
    }
  }
}

async function runLighthouse(url: string, report: string): Promise<Figures> {
  await promisify(execFile)(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 300_000 },
  );
  // LIGHTHOUSE_REPORT=<file> keeps the whole report (of the last run), to read the audits behind a score.
  if (process.env.LIGHTHOUSE_REPORT) copyFileSync(report, process.env.LIGHTHOUSE_REPORT);
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    lighthouseVersion: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const metric = (id: string, digits = 0) => Number((result.audits[id]?.numericValue ?? Number.NaN).toFixed(digits));
  const metrics: LighthouseMetrics = {
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift', 3),
    speedIndexMs: metric('speed-index'),
  };
  const figures = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    version: result.lighthouseVersion,
    metrics,
  };
  return figures;
}
