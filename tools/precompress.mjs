// Precompressed copies of dist/'s compressible files, for servers that send them
// with Content-Encoding (tools/serve.py does; the README's hosting guide says how
// on other hosts).
//
//     node tools/precompress.mjs DIST [CACHE_DIR]
//
// Writes FILE.br (brotli, quality 11; 9 for the snapshot) and FILE.gz (gzip, level 9) beside every
// file whose type compresses (wasm, JavaScript, JSON, HTML, CSS, SVG, the
// dataclass code, the page's stored zips and wheels), when the copy is at
// least 10% smaller (not so a deflated zip, nor the gzipped snapshot).
// Same input, same bytes (gzip's header carries no time; brotli has none).
// Run last: the service worker's manifest and the build id are made from the
// files themselves, which a browser gets back whichever encoding was sent.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// (.zip and .whl too: the page's are stored, see build.sh; a deflated one
// gains under 10% and keeps no copy.)
export const COMPRESSIBLE = [
  ".wasm", ".mjs", ".js", ".json", ".html", ".css", ".svg", ".webmanifest", ".bin", ".zip", ".whl", ".mo",
];
const MIN_GAIN = 0.9;

const [dist, cacheDir] = process.argv.slice(2);
if (!dist) {
  console.error("usage: node tools/precompress.mjs DIST [CACHE_DIR]");
  process.exit(2);
}

// Above this size quality 9: on the 30 MB snapshot 11 takes minutes (about 3.5 on
// the 2-core box, every build that changes Python, and every CI run), 10 takes 46 s,
// 9 takes 7 s for 5.1 MB (11: 4.3 MB, 10: 4.5 MB; gzip 6.4 MB).
const BIG = 8 * 1024 * 1024;

/** The brotli bytes of ``data``, kept in CACHE_DIR by their input's sha256 (quality 11 is slow). */
function brotli(data) {
  const key = cacheDir && path.join(cacheDir, `${crypto.createHash("sha256").update(data).digest("hex")}.br`);
  if (key && fs.existsSync(key)) return fs.readFileSync(key);
  const out = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > BIG ? 9 : 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    },
  });
  if (key) {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(`${key}.tmp`, out);
    fs.renameSync(`${key}.tmp`, key);
  }
  return out;
}

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.includes(path.extname(entry.name))) yield full;
  }
}

let [count, before, after] = [0, 0, 0];
for (const file of files(dist)) {
  const data = fs.readFileSync(file);
  const gz = zlib.gzipSync(data, { level: 9 });
  if (gz.length > data.length * MIN_GAIN) continue;
  const br = brotli(data);
  fs.writeFileSync(`${file}.gz`, gz);
  if (br.length <= data.length * MIN_GAIN) fs.writeFileSync(`${file}.br`, br);
  count += 1;
  before += data.length;
  after += Math.min(br.length, gz.length);
}
console.log(
  `  precompressed ${count} files: ${(before / 1e6).toFixed(2)} MB -> ${(after / 1e6).toFixed(2)} MB (brotli)`,
);
