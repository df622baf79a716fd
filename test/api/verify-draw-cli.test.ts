/** `npm run verify-draw`: the same verification as the Hall of Fame page, from a saved season. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, listHashOf } from '../../src/shared/draw.ts';

const SCRIPT = path.resolve('scripts/verify-draw.ts');

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run verify-draw', () => {
  it('exits 0 for a true season, 1 naming the step for an altered one, 2 for bad input', async () => {
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    const secret = 'd'.repeat(64);
    const beacon = 'bsc:43123456:0x9f3c';
    const winners = await drawWinners({ secret, beacon, entrantIds: ids, winners: 3 });
    const season = {
      month: '2026-10',
      closedAt: '2026-11-01T02:00:00.000Z',
      champions: [],
      lottery: {
        winners: winners.map((ambassadorId, i) => ({ position: i + 1, ambassadorId, fullName: `P${i}`, prizeUsdt: '20.00' })),
        commitment: await commitmentOf(secret),
        secret,
        beacon,
        listHash: await listHashOf(ids),
        entrantCount: ids.length,
      },
      entrants: ids.map((ambassadorId) => ({ ambassadorId, fullName: 'x' })),
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'verify-draw-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(season));
    const ok = await run(['--file', good]);
    expect(ok.code).toBe(0);
    expect(ok.output).toContain('The draw is verified: every step matches.');

    const altered = path.join(dir, 'altered.json');
    writeFileSync(altered, JSON.stringify({ ...season, lottery: { ...season.lottery, secret: 'e'.repeat(64) } }));
    const bad = await run(['--file', altered]);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/MISMATCH {2}Commitment: SHA-256 of the secret/);

    expect((await run(['october'])).code).toBe(2);
    const unreachable = await run(['2026-10', '--url', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.output).toContain('Could not reach http://127.0.0.1:9');
  });
});
