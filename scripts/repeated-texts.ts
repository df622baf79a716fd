/**
 * Long texts written in two or more source files (issue 42, "Done when": under 20). A text is a
 * string literal or a template without values, 30 characters or more, in src/ (tests left out); the
 * same words in two files are two copies to keep equal. Prints the count and each text with its files.
 *
 *   npx tsx scripts/repeated-texts.ts [--list]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MIN = 30;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The texts of a file: quoted strings and templates without `${`, unescaped, at least MIN characters. */
export function textsOf(code: string): Set<string> {
  const found = new Set<string>();
  const literal = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)`/g;
  for (const match of code.matchAll(literal)) {
    const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1').trim();
    // Words, not code: a sentence has spaces and letters; imports, class lists and patterns are left out, and so is
    // the JSX between two template literals of a file (read as one by this scanner: attributes `={`).
    if (text.includes('={') || text.length < MIN || !/[a-z] [a-z]/i.test(text) || /^[\w-]+( [\w:/[\]-]+)*$/.test(text) && !/[A-Z][a-z]+ [a-z]/.test(text)) continue;
    found.add(text);
  }
  return found;
}

export function repeatedTexts(root = ROOT): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const file of sources(path.join(root, 'src'))) {
    for (const text of textsOf(readFileSync(file, 'utf8'))) files.set(text, [...(files.get(text) ?? []), path.relative(root, file)]);
  }
  return new Map([...files].filter(([, where]) => where.length > 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repeated = repeatedTexts();
  console.log(`${repeated.size} texts of ${MIN}+ characters are written in two or more source files`);
  if (process.argv.includes('--list')) for (const [text, where] of repeated) console.log(`- ${JSON.stringify(text)}\n    ${where.join('\n    ')}`);
}
