/**
 * ESLint rule: a file of a feature folder (client/features/X, server/features/X) never
 * imports from another feature folder. What two features share lives in client/lib,
 * client/components, server/lib, server/db or common/. The import's path
 * is resolved against the importing file, so every spelling of a relative path counts.
 */
import path from 'node:path';
import { relativeImports } from './imports.js';

const FEATURE = /(?:^|\/)(client|server)\/features\/([^/]+)(?:\/|$)/;

function featureOf(file) {
  const match = FEATURE.exec(file.split(path.sep).join('/'));
  return match ? { side: match[1], name: match[2] } : undefined;
}

const SHARED = { client: 'client/lib or client/components', server: 'server/lib or server/db' };

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder does not import another feature folder' },
    schema: [],
    messages: {
      crossFeature: 'A feature does not import another feature: move what {{name}} needs from {{other}} into {{shared}} (or common/).',
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    return relativeImports(context, (node, file) => {
      const target = featureOf(file);
      if (!target || (target.side === own.side && target.name === own.name)) return;
      context.report({
        node,
        messageId: 'crossFeature',
        data: { name: own.name, other: `${target.side}/features/${target.name}`, shared: SHARED[own.side] },
      });
    });
  },
};
