/**
 * The catalogs (issue 32): every text of the code is in every language's catalog, nothing is left
 * there that the code no longer says, and each translation is a valid ICU message with the same
 * placeholders and tags as the English (a translation that drops {amount} would show a number
 * nowhere). `npm run i18n:extract` brings the catalogs in line with the code.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locales.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LINGUI = path.join(ROOT, 'node_modules/.bin/lingui');

function lingui(...args: string[]) {
  const run = spawnSync(LINGUI, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The names of a message's arguments, at any depth (plural cases included). */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === 'object') {
      for (const value of Object.values(format as Record<string, unknown>)) if (Array.isArray(value)) argumentsOf(value as CompiledMessage, into);
    }
  }
  return into;
}

const tagsOf = (text: string) => [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]).sort();

/** What is wrong with a translation of an English message: nothing, or the reasons. */
function translationProblems(source: string, translation: string): string[] {
  let compiled: CompiledMessage;
  try {
    compiled = compileMessageOrThrow(translation);
  } catch (error) {
    return [`not a valid ICU message (${(error as Error).message})`];
  }
  const problems: string[] = [];
  const wanted = [...argumentsOf(compileMessageOrThrow(source))].sort();
  const found = [...argumentsOf(compiled)].sort();
  if (wanted.join() !== found.join()) problems.push(`placeholders ${found.join(', ') || 'none'} instead of ${wanted.join(', ') || 'none'}`);
  if (tagsOf(source).join() !== tagsOf(translation).join())
    problems.push(`tags ${tagsOf(translation).join('') || 'none'} instead of ${tagsOf(source).join('') || 'none'}`);
  return problems;
}

describe('the message catalogs', () => {
  it('hold every text of the code and nothing else (lingui check sync)', () => {
    const sync = lingui('check', 'sync', '--clean');
    expect(sync.output).toContain('PASS');
    expect(sync.status, sync.output).toBe(0);
  });

  it('translate every text in every language (lingui check missing, before falling back to English)', () => {
    const missing = lingui('check', 'missing', '--mode', 'catalog');
    expect(missing.output).toContain('PASS');
    expect(missing.status, missing.output).toBe(0);
  });

  it('hold valid ICU messages with the English placeholders and tags', async () => {
    const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') });
    const problems: string[] = [];
    let checked = 0;
    for (const catalog of await getCatalogs(config)) {
      const all = await catalog.readAll([...LOCALES]);
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        for (const [id, entry] of Object.entries(all[locale] ?? {})) {
          const source = entry.message ?? id;
          if (!entry.translation) continue;
          checked += 1;
          for (const problem of translationProblems(source, entry.translation)) problems.push(`${locale}: "${source}": ${problem}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('the check finds a broken translation', () => {
    expect(translationProblems('Withdraw {amount} USDT', 'Retirar {amount} USDT')).toEqual([]);
    expect(translationProblems('Withdraw {amount} USDT', 'Retirar USDT')).toEqual(['placeholders none instead of amount']);
    expect(translationProblems('Withdraw {amount} USDT', 'Retirar {monto} USDT')).toEqual(['placeholders monto instead of amount']);
    expect(translationProblems('Join the <0>GoalChain</0> network', 'Únete a la red GoalChain')).toEqual(['tags none instead of </0><0>']);
    expect(translationProblems('{count, plural, one {# report} other {# reports}}', '{count, plural, one {# informe} other {# informes}')[0]).toMatch(
      /not a valid ICU message/,
    );
  });
});
