// Renders the site's raster images (public/images/home-hero.png, company.jpg, news/*.jpg) from its own SVG
// art (public/images/hero.svg and icons/) with sharp: the photos the image pipeline publishes (docs/writing.md,
// "Images"), made for the site rather than stock photos of unknown licence. Run once, output committed:
//   node scripts/render-art.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const images = join(dirname(dirname(fileURLToPath(import.meta.url))), 'public', 'images');
const svg = (name) => readFileSync(join(images, name), 'utf8');

/** An SVG file placed as a nested `<svg>` at x, y, size w × h. */
function place(name, x, y, w, h) {
  return svg(name)
    .replace(/<\?xml[^>]*>/, '')
    .replace(/<svg\b([^>]*?)\swidth="[^"]*"\s+height="[^"]*"/, `<svg$1 x="${x}" y="${y}" width="${w}" height="${h}"`);
}

/** A navy gradient canvas with a soft glow, as the site's dark bands (templates/site.css `.page-hero`). */
function canvas(w, h, hue, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2545"/><stop offset="0.6" stop-color="${hue}"/><stop offset="1" stop-color="#1552a6"/></linearGradient>
<radialGradient id="glow" cx="0.8" cy="0.3" r="0.5"><stop offset="0" stop-color="#3ea0ff" stop-opacity="0.35"/><stop offset="1" stop-color="#3ea0ff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>${body}</svg>`;
}

/** Icons on white discs in a row. */
function discs(names, x, y, size, gap) {
  return names
    .map((name, i) => {
      const cx = x + i * (size + gap);
      return `<circle cx="${cx + size / 2}" cy="${y + size / 2}" r="${size / 2}" fill="#fff"/>${place(`icons/${name}.svg`, cx + size * 0.2, y + size * 0.2, size * 0.6, size * 0.6)}`;
    })
    .join('');
}

async function render(file, text, format) {
  mkdirSync(dirname(join(images, file)), { recursive: true });
  const image = sharp(Buffer.from(text), { density: 72 });
  await (format === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 90, mozjpeg: true })).toFile(join(images, file));
  console.log(file);
}

// The home hero keeps hero.svg's transparency: a PNG source, published with a PNG fallback.
await render('home-hero.png', svg('hero.svg').replace(/width="560" height="400"/, 'width="2240" height="1600"'), 'png');
await render(
  'company.jpg',
  canvas(
    2560,
    1080,
    '#123a6b',
    place('hero.svg', 1340, 120, 1176, 840) + discs(['company', 'globe', 'workstation', 'pacs', 'ct', 'vet'], 160, 420, 180, 50),
  ),
  'jpeg',
);
const news = {
  'image-pipeline-3': ['#14507f', ['processing', 'radiography', 'output']],
  'ip-pilot-enterprise': ['#1d4e6b', ['legal', 'module', 'compass']],
  'rsna-2024': ['#123a6b', ['globe', 'ct', 'viewer']],
  'skincare-customization-toms': ['#0f5a5a', ['toms', 'instrument', 'module']],
  'vet-ctoc-launch': ['#15466e', ['vet', 'vet-ct', 'vet-workstation']],
};
for (const [slug, [hue, icons]] of Object.entries(news)) {
  await render(`news/${slug}.jpg`, canvas(1600, 900, hue, discs(icons, 230, 270, 300, 120)), 'jpeg');
}
