// Pre-compressed twins of the runtime's files, for hosts that send a file's twin as it is.
//
//   node build_tools/compress_runtime.mjs [--keep-others] OUT_DIR FILE...
//
// Each FILE (Pyodide's WebAssembly, its scripts, the stdlib zip) gets two twins in OUT_DIR,
// named after the SHA-256 of its bytes: <sha256>.br (brotli, quality 11) and <sha256>.gz (gzip,
// level 9). build_tools/parts/engine.py copies them beside the runtime's files as <file>.br and
// <file>.gz, where nginx's brotli_static and gzip_static (build_tools/hosting/nginx.conf),
// Caddy's `precompressed br gzip` or an Apache rewrite send them with Content-Encoding br or
// gzip. Brotli at quality 11 is too slow for a server to run at each request (the WebAssembly's
// takes seconds), and 24% smaller than gzip's best: 2.7 MB for the 9.6 MB of WebAssembly.
//
// A twin already in OUT_DIR is kept (the same bytes make the same twin): a new stdlib zip costs
// its own twins only. Twins of files no longer given are removed, unless --keep-others: the
// Makefile makes Pyodide's own twins with it while the stdlib zip is still being written, then
// all of them in a second run, which finds those made and prunes the rest.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const args = process.argv.slice(2);
const keepOthers = args[0] === "--keep-others";
const [outDir, ...files] = keepOthers ? args.slice(1) : args;
if (!outDir || files.length === 0) {
  console.error("usage: node build_tools/compress_runtime.mjs [--keep-others] OUT_DIR FILE...");
  process.exit(2);
}
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

mkdirSync(outDir, { recursive: true });
const wanted = new Set();
const started = performance.now();
await Promise.all(files.map(async (file) => {
  let data;
  try {
    data = readFileSync(file);
  } catch (err) {
    console.error(`${file}: cannot read it (${err.code}): the runtime's twins need it`);
    process.exit(2);
  }
  const hash = createHash("sha256").update(data).digest("hex");
  const made = {
    br: () => brotli(data, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    } }),
    gz: () => gzip(data, { level: 9 }),
  };
  for (const [suffix, compress] of Object.entries(made)) {
    const twin = resolve(outDir, `${hash}.${suffix}`);
    wanted.add(`${hash}.${suffix}`);
    if (existsSync(twin)) continue;
    const bytes = await compress();
    writeFileSync(`${twin}.${process.pid}.part`, bytes);
    renameSync(`${twin}.${process.pid}.part`, twin); // whole or not at all
    console.log(`${file} -> ${suffix}: ${data.length} -> ${bytes.length} bytes`);
  }
}));
for (const name of keepOthers ? [] : readdirSync(outDir)) {
  if (!wanted.has(name)) rmSync(resolve(outDir, name), { force: true });
}
console.log(`runtime twins (.br, .gz) of ${files.length} files in ${outDir}: ` +
  `${Math.round(performance.now() - started)} ms`);
