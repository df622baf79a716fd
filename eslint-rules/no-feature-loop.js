/**
 * No import loop between the server's features (src/server/features/<name>), whichever of their files
 * the loop goes through. import-x/no-cycle sees a loop of modules; a loop of features can close
 * through a file that no index.ts exports (a routes.ts, a job) and be no loop of modules. This rule
 * reads which features each feature imports (every import, export-from and import() of the features'
 * files, tests aside; the linted file as it is now, the others from disk) and reports an import of
 * another feature from which the importing feature can be reached again, naming the way back.
 */
import fs from 'node:fs';
import path from 'node:path';

const SPECIFIERS = /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;
const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

/** The feature a path is in, or null: `features/<name>/…` below `root`. */
function featureOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length >= 2 && parts[0] !== '..' ? parts[0] : null;
}

/** The features a file's specifiers reach, other than its own. */
function targets(root, file, specifiers) {
  const own = featureOf(root, file);
  const found = new Set();
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const feature = featureOf(root, path.resolve(path.dirname(file), specifier));
    if (feature && feature !== own) found.add(feature);
  }
  return found;
}

/** Files read from disk, kept while their modification time holds. */
const cache = new Map();
function specifiersOnDisk(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const kept = cache.get(file);
  if (kept && kept.mtime === mtime) return kept.specifiers;
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(SPECIFIERS)].map((m) => m[1] ?? m[2] ?? m[3]);
  cache.set(file, { mtime, specifiers });
  return specifiers;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** feature -> features it imports, with `current`'s own imports as the editor has them. */
function featureGraph(root, current, currentSpecifiers) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const feature = featureOf(root, file);
    if (!feature) continue;
    const edges = graph.get(feature) ?? new Set();
    graph.set(feature, edges);
    const specifiers = file === current ? currentSpecifiers : specifiersOnDisk(file);
    for (const target of targets(root, file, specifiers)) edges.add(target);
  }
  // A file not saved yet is not on disk.
  const own = featureOf(root, current);
  graph.set(own, new Set([...(graph.get(own) ?? []), ...targets(root, current, currentSpecifiers)]));
  return graph;
}

/** A way from `from` to `to` (breadth first: the shortest), or null. */
function wayBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) {
      const way = [];
      for (let at = to; at !== null; at = previous.get(at)) way.unshift(at);
      return way;
    }
    for (const next of graph.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import loop between the server features (src/server/features/<name>).' },
    schema: [],
    messages: {
      loop: 'Import loop between features: {{way}}. Move what both need into a leaf below both (or src/shared), or turn the dependency around.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const root = path.resolve(context.cwd, 'src/server/features');
    const own = featureOf(root, file);
    if (!own || !isSource(file)) return {};
    const imports = [];
    const collect = (node) => {
      if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') imports.push(node);
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        if (!imports.some((node) => targets(root, file, [node.source.value]).size)) return;
        const graph = featureGraph(
          root,
          file,
          imports.map((node) => node.source.value),
        );
        for (const node of imports) {
          for (const target of targets(root, file, [node.source.value])) {
            const back = wayBetween(graph, target, own);
            if (back) context.report({ node, messageId: 'loop', data: { way: [own, ...back].join(' -> ') } });
          }
        }
      },
    };
  },
};
