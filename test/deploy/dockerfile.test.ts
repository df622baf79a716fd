/**
 * The Dockerfile (DECISIONS §7), parsed with dockerfile-ast and linted with dockerfile-utils: Node.js 24
 * (the version the `node` dependency pins), a build stage and a runtime stage, the runtime as a non-root
 * user with `node dist/server/main.js` as its entry point (exec form: Node.js gets SIGTERM itself), a
 * HEALTHCHECK on /readyz, the /data volume with DATA_DIR=/data. And scripts/image-check.sh, which
 * assembles the same runtime FROM scratch to boot it without a registry, declares exactly the
 * Dockerfile's user, working directory, entry point, health check, volume, port, stop signal,
 * environment and copied paths: the image checked there is this one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { DockerfileParser, type Env, type Healthcheck, type Instruction } from 'dockerfile-ast';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';

const TEXT = readFileSync('Dockerfile', 'utf8');
const dockerfile = DockerfileParser.parse(TEXT);
const instructions = dockerfile.getInstructions();

/** The instructions of each stage, by its name (`AS name`). */
function stages(): Map<string, Instruction[]> {
  const result = new Map<string, Instruction[]>();
  let current: Instruction[] | undefined;
  for (const instruction of instructions) {
    if (instruction.getKeyword() === 'FROM') {
      const name = instruction.getArguments()[2]?.getValue() ?? `stage${result.size}`;
      current = [];
      result.set(name, current);
    } else current?.push(instruction);
  }
  return result;
}

const runtime = [...stages().values()].at(-1) ?? [];
const one = (keyword: string) => {
  const found = runtime.filter((i) => i.getKeyword() === keyword);
  expect(found, keyword).toHaveLength(1);
  return found[0] as Instruction;
};
const argumentsOf = (instruction: Instruction) => instruction.getArguments().map((a) => a.getValue());
/** An exec-form instruction's array (ENTRYPOINT, or HEALTHCHECK after CMD), as JSON reads it. */
const execForm = (instruction: Instruction, after = '') => {
  const content = instruction.getArgumentsContent() ?? '';
  return JSON.parse(content.slice(content.indexOf('[', content.indexOf(after)))) as string[];
};
const healthcheck = () => one('HEALTHCHECK') as Healthcheck;
const healthOptions = () =>
  healthcheck()
    .getFlags()
    .map((flag) => `--${flag.getName()}=${flag.getValue()}`);
/** The runtime's environment, NAME=value in order, read by dockerfile-ast's ENV properties. */
const envOf = () =>
  runtime.filter((i): i is Env => i.getKeyword() === 'ENV').flatMap((i) => i.getProperties().map((p) => `${p.getName()}=${p.getUnescapedValue()}`));

/** The value of `NAME=...` in scripts/image-check.sh (single-quoted), or its array's items. */
const SCRIPT = readFileSync('scripts/image-check.sh', 'utf8');
function scriptValue(name: string): string {
  const match = new RegExp(`^${name}='(.*)'$`, 'm').exec(SCRIPT);
  if (!match?.[1]) throw new Error(`scripts/image-check.sh has no ${name}='...'`);
  return match[1];
}
function scriptArray(name: string): string[] {
  const match = new RegExp(`^${name}=\\((.*)\\)$`, 'm').exec(SCRIPT);
  if (!match?.[1]) throw new Error(`scripts/image-check.sh has no ${name}=(...)`);
  return [...match[1].matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

describe('the Dockerfile', () => {
  it('lints clean (dockerfile-utils)', () => {
    const problems = validate(TEXT).filter((d) => d.severity === ValidationSeverity.ERROR || d.severity === ValidationSeverity.WARNING);
    expect(problems.map((p) => `${p.range.start.line + 1}: ${p.message}`)).toEqual([]);
  });

  it('builds on the official Node.js 24 image the `node` dependency pins, in a build and a runtime stage', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies.node;
    const arg = instructions.find((i) => i.getKeyword() === 'ARG' && i.getArgumentsContent()?.startsWith('NODE_IMAGE='));
    expect(arg?.getArgumentsContent()).toMatch(new RegExp(`^NODE_IMAGE=node:${pinned?.replaceAll('.', '\\.')}-[a-z]+-slim$`));
    expect(pinned).toMatch(/^24\./);
    const froms = dockerfile.getFROMs();
    expect(froms.map((f) => f.getArgumentsContent())).toEqual(['${NODE_IMAGE} AS build', '${NODE_IMAGE} AS deps', '${NODE_IMAGE} AS runtime']);
    const build = stages().get('build') ?? [];
    expect(build.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getArgumentsContent())).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(runtime.some((i) => i.getKeyword() === 'RUN' && /npm (ci|install)/.test(i.getArgumentsContent() ?? ''))).toBe(false);
  });

  it('runs the built server as a non-root user, with a health check on /readyz and its data in the /data volume', () => {
    expect(argumentsOf(one('USER'))).toEqual(['1000:1000']);
    const entrypoint = execForm(one('ENTRYPOINT'));
    expect(entrypoint).toEqual(['node', 'dist/server/main.js']);
    // What it runs is the build of src/server/main.ts (tsconfig.build.json: src -> dist).
    expect(existsSync('src/server/main.ts')).toBe(true);
    expect(runtime.some((i) => i.getKeyword() === 'CMD')).toBe(false);
    const probe = execForm(healthcheck(), 'CMD');
    expect(probe[0]).toBe('node');
    expect(probe.join(' ')).toContain('/readyz');
    expect(healthOptions()).toEqual(['--interval=10s', '--timeout=3s', '--start-period=60s', '--retries=3']);
    expect(argumentsOf(one('VOLUME'))).toEqual(['/data']);
    expect(envOf()).toEqual(expect.arrayContaining(['DATA_DIR=/data', 'NODE_ENV=production']));
    expect(argumentsOf(one('STOPSIGNAL'))).toEqual(['SIGTERM']);
    expect(argumentsOf(one('EXPOSE'))).toEqual(['5000']);
  });

  it('is what scripts/image-check.sh assembles: the same user, entry point, health check, volume, environment and files', () => {
    expect(scriptValue('IMAGE_USER')).toBe(argumentsOf(one('USER'))[0]);
    expect(scriptValue('IMAGE_WORKDIR')).toBe(argumentsOf(one('WORKDIR'))[0]);
    expect(JSON.parse(scriptValue('IMAGE_ENTRYPOINT'))).toEqual(execForm(one('ENTRYPOINT')));
    expect(JSON.parse(scriptValue('IMAGE_HEALTHCHECK'))).toEqual(execForm(healthcheck(), 'CMD'));
    expect(scriptValue('IMAGE_HEALTHCHECK_OPTIONS').split(' ')).toEqual(healthOptions());
    expect(scriptValue('IMAGE_VOLUME')).toBe(argumentsOf(one('VOLUME'))[0]);
    expect(scriptValue('IMAGE_EXPOSE')).toBe(argumentsOf(one('EXPOSE'))[0]);
    expect(scriptValue('IMAGE_STOPSIGNAL')).toBe(argumentsOf(one('STOPSIGNAL'))[0]);
    expect(scriptArray('IMAGE_ENV')).toEqual(envOf());
    const copied = runtime.filter((i) => i.getKeyword() === 'COPY').map((i) => argumentsOf(i).at(-1)?.replace(/^\.\//, ''));
    expect(scriptArray('IMAGE_COPIES')).toEqual(copied);
  });
});
