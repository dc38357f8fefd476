// The layers of the code and which may import which: one table, enforced by lint (the rule
// below, in eslint.config.js) and checked for cycles by tests/unit/layers.test.ts. A folder of
// src/ is a layer; `app` is src/main.tsx, `workers` the Web Workers, `scripts` the Node tools.
// Read a row as "files in <layer> may import from these layers" (and from their own).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PURE = ['shared', 'task', 'driver', 'scoring', 'checks', 'selftest', 'record'];
/** Everything the browser app is made of; the api and the ui sit on top of all of it. */
const APP = [
  ...PURE,
  'agent',
  'sandbox',
  'data',
  'chat',
  'workers',
  'engines',
  'sources',
  'resolvers',
  'run',
  'judge',
  'generate',
  'exchange',
  'pipeline',
  'authoring',
  'build',
];

/** @type {Record<string, string[]>} */
export const LAYERS = {
  // Pure: no DOM, no storage; runs in the app, the workers, the in-page agent and Node.
  shared: [],
  task: ['shared'],
  driver: ['shared', 'task'],
  scoring: ['shared', 'task'],
  // The check language of judge-free assertions: parsing and verdicts.
  checks: ['shared', 'task'],
  // Defect variants of reference pages for `iwr selftest`.
  selftest: ['shared', 'task'],
  // Task authoring's pure core: recorded inputs -> steps, descriptions checked by the resolver.
  record: ['shared', 'task', 'driver', 'scoring'],
  // The script injected into the sandbox frame, and the frame host.
  agent: ['shared', 'task', 'driver', 'checks', 'record'],
  sandbox: ['shared', 'task', 'agent'],
  // Storage (the only layer that opens IndexedDB) and the services built on it. It reads the
  // check language to validate the checks it stores (checks is pure).
  data: ['shared', 'task', 'scoring', 'checks', 'build'],
  chat: ['shared', 'data'],
  workers: ['shared'],
  engines: ['shared', 'task', 'scoring', 'data', 'workers'],
  sources: ['shared', 'task', 'data'],
  resolvers: ['shared', 'task', 'driver', 'data', 'chat'],
  run: ['shared', 'task', 'driver', 'checks', 'agent', 'sandbox', 'resolvers'],
  // judge drafts checks with a model (draft-check.ts), so it reads the check language.
  judge: ['shared', 'task', 'scoring', 'checks', 'data', 'chat'],
  generate: ['shared', 'task', 'scoring', 'data', 'chat'],
  exchange: ['shared', 'task', 'scoring', 'data', 'chat', 'sources', 'resolvers', 'judge'],
  pipeline: ['shared', 'task', 'driver', 'scoring', 'checks', 'data', 'engines', 'sources', 'resolvers', 'run', 'judge', 'build'],
  // Task authoring in the app: the recording session, contact sheets, the video, the export.
  authoring: ['shared', 'task', 'driver', 'scoring', 'record', 'agent', 'sandbox', 'run', 'resolvers'],
  // Project candidates built before the replay: the shared steps and the tab's WebContainer.
  build: ['shared'],
  // Entry points.
  api: APP,
  ui: APP,
  app: ['api', 'ui'],
  cli: ['shared', 'task', 'scoring', 'engines', 'resolvers', 'run', 'sources', 'selftest', 'record', 'build', 'api', 'scripts'],
  scripts: ['shared', 'task', 'driver', 'scoring'],
};

/**
 * The layer of a file (absolute path), or null outside the layered code (tests, bench).
 * @param {string} file
 * @returns {string | null}
 */
export function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src') return rel.length > 2 ? (rel[1] ?? null) : 'app';
  if (rel[0] === 'workers' || rel[0] === 'scripts') return rel[0];
  return null;
}

/** Only the data layer may open IndexedDB. */
const DATA_ONLY = new Set(['idb']);

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'imports follow the layer table in scripts/layers.mjs' } },
  create(context) {
    const from = layerOf(context.filename);
    const allowed = from ? LAYERS[from] : undefined;
    if (!from || !allowed) return {};
    /** @param {{ value?: unknown } | null | undefined} source */
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      if (DATA_ONLY.has(spec) && from !== 'data') {
        context.report({
          node: /** @type {import('estree').Node} */ (source),
          message: `only src/data/ may import '${spec}'; use a helper of src/data/ instead`,
        });
        return;
      }
      if (!spec.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), spec));
      if (!to || to === from || allowed.includes(to)) return;
      context.report({
        node: /** @type {import('estree').Node} */ (source),
        message: `${from}/ may not import ${to}/ (${spec}); ${from}/ may import: ${allowed.join(', ') || 'nothing'} (scripts/layers.mjs)`,
      });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(/** @type {{ value?: unknown }} */ (n.source)),
    };
  },
};

export const layersPlugin = { rules: { imports: layersRule } };
