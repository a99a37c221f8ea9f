// Writes .br and .gz beside every text asset of the build, so the server (@fastify/static
// preCompressed, nginx gzip_static) sends compressed files without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const walk = (dir) =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
let files = 0;
for (const file of walk(dist)) {
  if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024) continue;
  const body = readFileSync(file);
  writeFileSync(file + '.gz', gzipSync(body, { level: 9 }));
  writeFileSync(file + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`precompressed ${files} files`);
