/**
 * docs/architecture.md is where a newcomer starts: every path it names (in backquotes) and
 * every page it links must exist, so a file moved without the page fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGE = 'docs/architecture.md';
const text = fs.readFileSync(path.join(root, PAGE), 'utf8');

/** Paths of the repository named in backquotes: a folder ends with `/`; placeholders (`<x>`) are not paths. */
const namedPaths = [...text.matchAll(/`((?:client|server|common|drizzle|e2e|docs|eslint|bench|scripts)\/[^`\s]*)`/g)]
  .map((m) => m[1])
  .filter((p) => !p.includes('<'));

const linkedPages = [...text.matchAll(/\]\(([^)#\s]+\.md)\)/g)].map((m) => path.join('docs', m[1]));

describe('docs/architecture.md', () => {
  it('names paths that exist', () => {
    expect(namedPaths.length).toBeGreaterThan(30);
    const missing = namedPaths.filter(
      (p) => !fs.existsSync(path.join(root, p)) || (p.endsWith('/') && !fs.statSync(path.join(root, p)).isDirectory()),
    );
    expect(missing).toEqual([]);
  });

  it('links pages that exist', () => {
    expect(linkedPages.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });

  it('traces each newcomer path in at most 10 files', () => {
    const traces = text.split(/^\*\*/m).filter((part) => /^(Record an absence|Apply a weekly template)\*\*/.test(part));
    expect(traces).toHaveLength(2);
    for (const trace of traces) {
      const files = [...trace.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
      expect(files.length, trace.slice(0, 40)).toBeGreaterThan(0);
      expect(files.length, trace.slice(0, 40)).toBeLessThanOrEqual(10);
      expect(new Set(files).size, 'each file once').toBe(files.length);
    }
  });
});
