// The bench's Eleventy Image run (test/bench/images.ts): every photo of a folder through @11ty/eleventy-img
// with the widths, formats and encoder settings ecom-site uses, as an Eleventy site would call it (all
// at once; Eleventy Image queues them at its default concurrency). Run from test/bench/peers/.
//
//   node test/bench/peers/eleventy-img.mjs CONFIG.json
//   CONFIG: { "src": dir, "out": dir, "cache": dir, "widths": [...], "formats": [...], "encodings": {avif, webp, jpeg} }
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Image from '@11ty/eleventy-img';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const photos = readdirSync(config.src)
  .filter((name) => /\.jpe?g$/i.test(name))
  .sort();
const results = await Promise.all(
  photos.map((name) =>
    Image(join(config.src, name), {
      widths: config.widths,
      formats: config.formats,
      outputDir: config.out,
      urlPath: '/img/',
      sharpAvifOptions: config.encodings.avif,
      sharpWebpOptions: config.encodings.webp,
      sharpJpegOptions: config.encodings.jpeg,
      cacheOptions: { directory: config.cache },
    }),
  ),
);
const files = results.reduce((n, formats) => n + Object.values(formats).reduce((m, list) => m + list.length, 0), 0);
console.log(JSON.stringify({ photos: photos.length, files }));
