/**
 * `npm run tailwind-merge:config`: writes src/client/lib/tailwind-merge-config.ts, tailwind-merge's
 * own default configuration cut down to the class groups the client's source uses (docs/decisions/
 * 024-languages.md: the landing page's JavaScript budget). The whole default configuration is most
 * of the library's weight and describes about 300 groups; the pages use a quarter of them.
 *
 * Which groups: every class-like word in a string of src/client that the default merge recognises
 * is looked up group by group. src/client/lib/utils.test.ts checks that the cut configuration
 * merges every pair of those classes exactly as the default one does, so a class from a group not
 * yet in the file fails the tests until this script is run again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createTailwindMerge, getDefaultConfig, validators, type Config } from 'tailwind-merge';
import { clientClassNames } from './client-class-names.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'src/client/lib/tailwind-merge-config.ts');

type Definition = unknown;
const defaults = getDefaultConfig() as unknown as Config<string, string>;
const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

function recognisedBy(groupId: string, classes: readonly string[]): boolean {
  const merge = createTailwindMerge(() => ({
    ...defaults,
    classGroups: { [groupId]: defaults.classGroups[groupId] ?? [] },
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  return classes.some((c) => merge(`${c} ${c}`) === c);
}

/** A run of values that several lists end with (the sizes of w, h, min-w and the rest), written once as a constant. */
interface SharedTail {
  items: readonly unknown[];
  name: string;
}

function source(value: Definition, themeKeys: Set<string>, tails: readonly SharedTail[] = []): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') {
    const named = validatorNames.get(value);
    if (named) return `v.${named}`;
    const themeKey = (value as { themeKey?: string }).themeKey;
    if (themeKey) {
      themeKeys.add(themeKey);
      return `fromTheme(${JSON.stringify(themeKey)})`;
    }
    throw new Error(`tailwind-merge-config: a function that is neither a validator nor a theme getter: ${String(value)}`);
  }
  if (Array.isArray(value)) {
    const tail = tails.find(({ items }) => endsWith(value, items));
    if (tail && value.length === tail.items.length) return tail.name;
    const head = tail ? value.slice(0, value.length - tail.items.length) : value;
    return `[${[...head.map((v) => source(v, themeKeys, tails)), ...(tail ? [`...${tail.name}`] : [])].join(', ')}]`;
  }
  if (value && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${source(v, themeKeys, tails)}`)
      .join(', ')} }`;
  }
  throw new Error(`tailwind-merge-config: cannot write ${String(value)}`);
}

function endsWith(list: readonly unknown[], tail: readonly unknown[]): boolean {
  return list.length >= tail.length && tail.every((item, i) => list[list.length - tail.length + i] === item);
}

/** Every list in a group's definition, nested ones too, with the group it stands in. */
function listsOf(value: Definition, group: string): Array<{ list: unknown[]; group: string }> {
  if (Array.isArray(value)) return [{ list: value, group }, ...value.flatMap((v) => listsOf(v, group))];
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => listsOf(v, group));
  return [];
}

/**
 * The run of at least MIN_TAIL values that most saves being written once: tailwind-merge builds w, h,
 * size and their min and max from one scale, which they all end with. Named after the first group
 * that ends with it.
 */
const MIN_TAIL = 8;
function sharedTails(groups: readonly string[]): SharedTail[] {
  const lists = groups.flatMap((id) => listsOf(defaults.classGroups[id], id));
  let best: { items: unknown[]; group: string; saved: number } | null = null;
  for (const { list } of lists) {
    for (let length = MIN_TAIL; length <= list.length; length++) {
      const items = list.slice(list.length - length);
      const users = lists.filter((other) => endsWith(other.list, items));
      const saved = length * (users.length - 1);
      if (users.length > 1 && saved > (best?.saved ?? 0)) best = { items, group: users[0]?.group ?? '', saved };
    }
  }
  return best ? [{ items: best.items, name: `${best.group.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Values` }] : [];
}

/** The class without its variants: 'sm:hover:px-3' is 'px-3' (a colon inside brackets is not a variant's). */
function baseClass(className: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const ch = className[i];
    if (ch === '[' || ch === '(') depth += 1;
    else if (ch === ']' || ch === ')') depth -= 1;
    else if (ch === ':' && depth === 0) start = i + 1;
  }
  return className.slice(start);
}

function configOf(groups: readonly string[]): Config<string, string> {
  const keep = new Set(groups);
  const pick = (table: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(table)
        .filter(([id]) => keep.has(id))
        .map(([id, others]) => [id, (others ?? []).filter((o) => keep.has(o))]),
    );
  return {
    ...defaults,
    classGroups: Object.fromEntries(groups.map((id) => [id, defaults.classGroups[id] ?? []])),
    conflictingClassGroups: pick(defaults.conflictingClassGroups),
    conflictingClassGroupModifiers: pick(defaults.conflictingClassGroupModifiers),
  };
}

/**
 * Leaves out a group that holds one class of the source and conflicts with no other group used: it
 * can never change a merge (a class named twice in one string is the only difference, and harmless).
 * Each removal is checked against the default merge for every pair with that class.
 */
function withoutLoneGroups(groups: readonly string[], classes: readonly string[]): string[] {
  const full = createTailwindMerge(() => defaults);
  const membersOf = (id: string) => {
    const alone = createTailwindMerge(() => configOf([id]));
    return classes.filter((c) => alone(`${c} ${c}`) === c);
  };
  const related = (id: string) =>
    groups.some(
      (other) =>
        other !== id &&
        ((defaults.conflictingClassGroups[id] ?? []).includes(other) ||
          (defaults.conflictingClassGroups[other] ?? []).includes(id) ||
          (defaults.conflictingClassGroupModifiers[id] ?? []).includes(other) ||
          (defaults.conflictingClassGroupModifiers[other] ?? []).includes(id)),
    );
  let kept = [...groups];
  for (const id of groups) {
    const members = membersOf(id);
    if (new Set(members.map(baseClass)).size !== 1 || related(id)) continue;
    const trial = kept.filter((g) => g !== id);
    const merge = createTailwindMerge(() => configOf(trial));
    const same = members.every((m) => classes.every((c) => c === m || (merge(`${m} ${c}`) === full(`${m} ${c}`) && merge(`${c} ${m}`) === full(`${c} ${m}`))));
    if (same) kept = trial;
  }
  return kept;
}

/**
 * A list of values that several groups share (the sizes of min-h and max-h, say) is written once, as
 * a constant named after the first group that uses it, and named wherever it stands.
 */
function sharedLists(lines: readonly string[]): { declarations: string; body: string[] } {
  const LIST = /\[[^[\]]{40,}\]/g;
  // Each long list with the group it first stands in, and how many times it stands.
  const found = new Map<string, { group: string; times: number }>();
  for (const line of lines) {
    const group = /^\s*"([^"]+)"/.exec(line)?.[1] ?? `list${found.size}`;
    for (const list of line.match(LIST) ?? []) {
      const seen = found.get(list);
      found.set(list, seen ? { ...seen, times: seen.times + 1 } : { group, times: 1 });
    }
  }
  const names = new Map(
    [...found].filter(([, { times }]) => times > 1).map(([list, { group }]) => [list, `${group.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Values`]),
  );
  const declarations = [...names].map(([list, name]) => `\nconst ${name} = ${list};\n`).join('');
  const body = lines.map((line) => line.replace(LIST, (list) => names.get(list) ?? list));
  return { declarations, body };
}

const NAMED_HELPER = `
/** Groups whose classes begin with the group's own name (p-4, px-2, mt-auto), each over the same values. */
const named = (ids: readonly string[], values: Config<string, string>['classGroups'][string]) => Object.fromEntries(ids.map((id) => [id, [{ [id]: values }]]));
`;

/**
 * Three or more groups in a row, each named as its classes begin and over the same named list
 * (p, px, py… over gapValues), written as one line: \`...named(['p', 'px', …], gapValues)\`.
 */
function namedRuns(lines: readonly string[]): { lines: string[]; used: boolean } {
  const NAMED = /^ {4}"([^"]+)": \[\{ "\1": (\w+) \}\],$/;
  const out: string[] = [];
  let used = false;
  for (let i = 0; i < lines.length;) {
    const list = NAMED.exec(lines[i] ?? '')?.[2];
    let end = i;
    const ids: string[] = [];
    for (let match; list && (match = NAMED.exec(lines[end] ?? '')) && match[2] === list; end++) ids.push(match[1] ?? '');
    if (ids.length >= 3) {
      out.push(`    ...named(${JSON.stringify(ids)}, ${list}),`);
      used = true;
      i = end;
    } else out.push(lines[i++] ?? '');
  }
  return { lines: out, used };
}

export function trimmedConfigSource(allClasses: readonly string[]): string {
  // Arbitrary properties ('[overflow-wrap:anywhere]') are merged by the engine itself, in any group.
  const engineOnly = createTailwindMerge(() => ({ ...defaults, classGroups: {}, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
  const classes = allClasses.filter((c) => engineOnly(`${c} ${c}`) !== c);
  const recognised = Object.keys(defaults.classGroups).filter((id) => recognisedBy(id, classes));
  const groups = withoutLoneGroups(recognised, classes);
  const kept = new Set(groups);
  const themeKeys = new Set<string>();
  const tails = sharedTails(groups);
  const classGroups = groups.map((id) => `    ${JSON.stringify(id)}: ${source(defaults.classGroups[id], themeKeys, tails)},`);
  const tailDeclarations = tails.map(({ items, name }) => `\nconst ${name} = ${source(items, themeKeys)};\n`).join('');
  const conflicts = (table: Record<string, readonly string[] | undefined>) =>
    Object.entries(table)
      .filter(([id]) => kept.has(id))
      .map(([id, others]) => [id, (others ?? []).filter((o) => kept.has(o))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([id, others]) => `    ${JSON.stringify(id)}: ${JSON.stringify(others)},`);
  // Theme values can name other theme keys: resolve until nothing new appears.
  const theme: string[] = [];
  const written = new Set<string>();
  while ([...themeKeys].some((k) => !written.has(k))) {
    for (const key of [...themeKeys].sort()) {
      if (written.has(key)) continue;
      written.add(key);
      theme.push(`    ${JSON.stringify(key)}: ${source(defaults.theme[key] ?? [], themeKeys)},`);
    }
  }
  const { declarations, body } = sharedLists([...theme, ...classGroups]);
  const groupLines = namedRuns(body.slice(theme.length));
  return `/**
 * Generated by \`npm run tailwind-merge:config\` (scripts/tailwind-merge-config.ts): tailwind-merge's
 * default configuration, cut down to the ${groups.length} class groups the client uses. Do not edit.
 */
import { fromTheme, validators as v, type Config } from 'tailwind-merge';
${tailDeclarations}${declarations}${groupLines.used ? NAMED_HELPER : ''}
export const TAILWIND_MERGE_CONFIG: Config<string, string> = {
  cacheSize: ${defaults.cacheSize},
  theme: {
${body.slice(0, theme.length).join('\n')}
  },
  classGroups: {
${groupLines.lines.join('\n')}
  },
  conflictingClassGroups: {
${conflicts(defaults.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${conflicts(defaults.conflictingClassGroupModifiers).join('\n')}
  },
  orderSensitiveModifiers: ${JSON.stringify(defaults.orderSensitiveModifiers)},
};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const next = await format(trimmedConfigSource(clientClassNames(ROOT)), { ...(await resolveConfig(OUT)), filepath: OUT });
  const before = (() => {
    try {
      return readFileSync(OUT, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(OUT, next);
  console.log(before === next ? `${path.relative(ROOT, OUT)} is up to date` : `wrote ${path.relative(ROOT, OUT)}`);
}
