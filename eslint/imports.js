/**
 * The visitors of the project's import rules: `check(node, target)` is called for every import,
 * re-export and dynamic import written as a relative path, with that path resolved against the
 * importing file (so every spelling of a path counts; type-only imports too).
 */
import path from 'node:path';

export function relativeImports(context, check) {
  const visit = (node, source) => {
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    check(node, path.resolve(path.dirname(context.filename), source));
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && visit(node, node.source.value),
    ExportAllDeclaration: (node) => visit(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && visit(node, node.source.value),
  };
}
