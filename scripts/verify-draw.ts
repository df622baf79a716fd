/**
 * `npm run verify-draw -- 2026-10 [--url https://host]` or `npm run verify-draw -- --file saved.json`:
 * checks a closed season's lottery with the same code as the Hall of Fame page (src/shared/draw.ts).
 * Exit 0: every step matches; 1: a step does not; 2: bad input, or the season could not be read.
 */
import { readFileSync } from 'node:fs';
import { verifyDraw, type PublishedDraw } from '../src/shared/draw.ts';
import { SEASON_PATTERN } from '../src/shared/seasons.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function load(args: string[]): Promise<PublishedDraw & { month?: string }> {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const file = flag('--file');
  if (file) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as PublishedDraw;
    } catch (error) {
      fail(`Could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const month = args.find((a) => !a.startsWith('--') && a !== flag('--url'));
  if (!month || !SEASON_PATTERN.test(month)) fail('Usage: npm run verify-draw -- YYYY-MM [--url https://host]  or  npm run verify-draw -- --file season.json');
  const base = (flag('--url') ?? 'http://localhost:5000').replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/api/public/seasons/${month}`);
  } catch (error) {
    fail(`Could not reach ${base}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok)
    fail(`${base}/api/public/seasons/${month} answered ${response.status}${response.status === 404 ? ' (no closed season for that month)' : ''}`);
  return (await response.json()) as PublishedDraw;
}

const season = await load(process.argv.slice(2));
if (!season?.lottery || !Array.isArray(season.entrants)) fail('That is not a season of GET /api/public/seasons/{month}: it needs lottery and entrants.');
const result = await verifyDraw(season);
for (const check of result.checks) {
  console.log(`${check.ok ? 'match   ' : 'MISMATCH'}  ${check.step}: ${check.actual}${check.ok ? '' : ` (published: ${check.expected})`}`);
}
console.log(result.ok ? 'The draw is verified: every step matches.' : 'The draw does NOT match what was published.');
process.exit(result.ok ? 0 : 1);
