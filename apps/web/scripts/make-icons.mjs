// Draws the app's icons (₭ on the brand blue, the flag's red band below) and writes the PNGs the
// web manifest and iOS ask for into public/icons/. Run after changing the drawing:
//   node apps/web/scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const outDir = new URL('../public/icons/', import.meta.url);
const blue = '#0b1f6b';
const red = '#d21034';

// The ₭ (a K crossed by a bar) drawn as paths on a 64-unit grid, so no font is needed.
const kip =
  '<path d="M20 14h7v15l13-15h9L35 30l15 18h-9L27 32v16h-7z" fill="#fff"/><path d="M14 29h36v5H14z" fill="#fff"/>';

/**
 * `inset` is the share of the side kept clear around the glyph: maskable icons are cropped to a
 * circle by some launchers, so their glyph stays inside the middle 80 %.
 */
function svg({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <clipPath id="shape"><rect width="64" height="64" rx="${rounded ? 14 : 0}"/></clipPath>
  <g clip-path="url(#shape)">
    <rect width="64" height="64" fill="${blue}"/>
    <rect y="56" width="64" height="8" fill="${red}"/>
  </g>
  <g transform="translate(${offset} ${offset - 3}) scale(${scale})">${kip}</g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0.08 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0.08 },
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.18 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.12 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(icon.file, outDir).pathname);
}
