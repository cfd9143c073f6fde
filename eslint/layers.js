/**
 * ESLint rule: imports go one way between the layers (docs/architecture.md, docs/decisions/0006-house-rules.md).
 *
 * - `common/` is shared by both sides and imports neither `client/` nor `server/`;
 * - `client/` never imports `server/`, and `server/` never imports `client/`: what both need is in `common/`;
 * - inside the server: `server/db` imports only itself (and common/); `server/lib` imports itself and `server/db`;
 *   `server/features/*` import lib and db (never each other: giornata/feature-boundaries); only the composition
 *   roots (`server/app.ts`, `server/main.ts`, `server/config.ts`, `server/cli`, `server/test`) import features.
 *
 * Test files (`*.test.ts`, `server/test/`) build the whole app around what they test, so the server's inner order
 * does not bind them; the sides' rules do.
 */
import path from 'node:path';
import { relativeImports } from './imports.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The server's layers from the bottom: a file may import its own layer and those below. */
const SERVER_LAYERS = ['server/db', 'server/lib', 'server/features'];
const SERVER_LAYER_NAMES = {
  'server/db': 'server/db',
  'server/lib': 'server/lib or server/db',
  'server/features': 'server/lib or server/db',
};

/** Where a file sits: its side (client, server, common or none) and, on the server, its layer index (roots above all). */
function placeOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('..')) return undefined;
  const side = rel.split('/')[0];
  if (side !== 'client' && side !== 'server' && side !== 'common') return { rel, side: undefined };
  if (side !== 'server') return { rel, side };
  const layer = SERVER_LAYERS.findIndex((l) => rel.startsWith(`${l}/`));
  return { rel, side, layer: layer === -1 ? SERVER_LAYERS.length : layer };
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith('server/test/');

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go one way: common imports neither side, the sides never import each other, server db < lib < features' },
    schema: [],
    messages: {
      commonImportsSide: 'common/ is shared by both sides and imports neither: move what it needs from {{target}} into common/.',
      crossSide: '{{side}}/ never imports {{other}}/: move what both need into common/.',
      serverLayer:
        '{{layer}} does not import {{target}}: the server imports downwards only (features, then lib, then db); move what is shared into {{allowed}}.',
    },
  },
  create(context) {
    const own = placeOf(context.filename);
    if (!own?.side) return {};
    return relativeImports(context, (node, file) => {
      const target = placeOf(file);
      if (!target?.side) return;
      if (own.side === 'common') {
        if (target.side !== 'common') context.report({ node, messageId: 'commonImportsSide', data: { target: target.rel } });
        return;
      }
      if (target.side !== own.side) {
        if (target.side !== 'common') context.report({ node, messageId: 'crossSide', data: { side: own.side, other: target.side } });
        return;
      }
      if (own.side !== 'server' || isTest(own.rel) || own.layer >= SERVER_LAYERS.length) return;
      if (target.layer > own.layer) {
        const layer = SERVER_LAYERS[own.layer];
        context.report({ node, messageId: 'serverLayer', data: { layer, target: target.rel, allowed: SERVER_LAYER_NAMES[layer] } });
      }
    });
  },
};
