/**
 * The build's hashed assets compressed once, at build time: next to each `assets/x.js` an `x.js.br` (Brotli, quality
 * 11) and an `x.js.gz` (gzip, level 9), which the server sends to a browser that accepts them (server/app.ts,
 * @fastify/static's `preCompressed`). Compressing at the highest levels costs seconds once per build instead of CPU on
 * every request (docs/decisions/0043-paint-and-precompressed-assets.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats only: images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Under this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file of `dir` (recursively); a variant not smaller is not written. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: 9 }),
        ]);
        totals.files++;
        totals.bytes += content.length;
        if (br.length < content.length) {
          await fs.writeFile(`${file}.br`, br);
          totals.br += br.length;
        }
        if (gz.length < content.length) {
          await fs.writeFile(`${file}.gz`, gz);
          totals.gz += gz.length;
        }
      }),
  );
  return totals;
}

/** The Vite plugin: after the bundle is written, its `assets/` folder is precompressed. */
export function precompress(): Plugin {
  return {
    name: 'giornata-precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const assets = path.join(options.dir, 'assets');
      const exists = await fs.stat(assets).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (!exists) return;
      const t = await precompressDir(assets);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info(`precompressed ${t.files} assets: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
    },
  };
}
