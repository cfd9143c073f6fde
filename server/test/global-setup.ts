/**
 * Before the server files start: the migrated templates of the databases this run uses (server/test/templates.ts),
 * built here once rather than by the first two files at the same time. Nothing to do when they exist already.
 */
import { DB_KINDS, pgliteTemplate, postgresTemplate } from './templates.ts';

export default async function setup() {
  await Promise.all(DB_KINDS.map((kind) => (kind === 'pglite' ? pgliteTemplate() : postgresTemplate())));
}
