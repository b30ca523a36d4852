/**
 * Renders generated four-view studies (density grades a-d, with and without a mass) as PNG
 * montages for a person to look at, plus all.png (the eight rows) and, when ../shared is there,
 * real-exam.png: the real NYU four-view exam in the same layout, to compare with.
 * Run: npx tsx scripts/render-phantoms.ts [outDir] [width]
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { VIEW_KEYS } from '../core/contract';
import { realMammogramsDir } from '../server/corpus/real-exams';
import { generateStudy } from '../server/phantom/generate';
import type { PhantomStudy } from '../server/phantom/types';

const outDir = process.argv[2] ?? '/tmp/phantoms';
const width = Number(process.argv[3] ?? 832);
const height = Math.round((width * 4096) / 3328);
const tile = 300;
const tileH = Math.round((tile * height) / width);

/** One view as an 8-bit PNG tile, stored values scaled linearly (as a presentation image). */
async function tilePng(study: PhantomStudy, key: keyof PhantomStudy['views']): Promise<Buffer> {
  const v = study.views[key];
  const max = 2 ** v.bitsStored - 1;
  const bytes = new Uint8Array(v.width * v.height);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round((v.pixels[i] * 255) / max);
  return sharp(bytes, { raw: { width: v.width, height: v.height, channels: 1 } })
    .resize(tile, tileH)
    .png()
    .toBuffer();
}

async function montage(study: PhantomStudy, file: string): Promise<void> {
  const tiles = await Promise.all(VIEW_KEYS.map((k) => tilePng(study, k)));
  await sharp({ create: { width: tile * 4 + 12, height: tileH, channels: 3, background: '#402020' } })
    .composite(tiles.map((input, i) => ({ input, left: i * (tile + 4), top: 0 })))
    .png()
    .toFile(file);
}

mkdirSync(outDir, { recursive: true });
const rows: string[] = [];
const grades = { a: 0.08, b: 0.25, c: 0.45, d: 0.7 } as const;
let seed = 11;
for (const [grade, density] of Object.entries(grades)) {
  for (const withMass of [false, true]) {
    const t0 = performance.now();
    const study = generateStudy({
      seed,
      width,
      height,
      density,
      mass: withMass ? { breast: 'right', margin: grade === 'b' ? 'round' : 'spiculated', sizeMm: 14 } : null,
      calcifications: withMass ? { breast: 'left' } : null,
    });
    const ms = performance.now() - t0;
    const file = path.join(outDir, `grade-${grade}${withMass ? '-mass' : ''}.png`);
    await montage(study, file);
    rows.push(file);
    console.log(`${file}  density ${density} -> truth ${study.truth.denseFraction.toFixed(3)}  ${ms.toFixed(0)} ms`);
  }
  seed++;
}

await sharp({ create: { width: tile * 4 + 12, height: rows.length * (tileH + 4), channels: 3, background: '#402020' } })
  .composite(rows.map((input, i) => ({ input, left: 0, top: i * (tileH + 4) })))
  .png()
  .toFile(path.join(outDir, 'all.png'));
console.log(path.join(outDir, 'all.png'));

// The real exam in the same layout. Its PNGs have every chest wall on the left (the right views
// were flipped before publication), so the right views are flipped back to the usual hanging.
const real = path.join(realMammogramsDir(), 'nyu-birads-exam');
if (existsSync(real)) {
  const files = [
    ['R-CC.png', true],
    ['L-CC.png', false],
    ['R-MLO.png', true],
    ['L-MLO.png', false],
  ] as const;
  const tiles = await Promise.all(
    files.map(([f, flip]) =>
      sharp(path.join(real, f))
        .flop(flip)
        .resize(tile, tileH, { fit: 'contain', background: '#000000' })
        .toColourspace('srgb')
        .png()
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: tile * 4 + 12, height: tileH, channels: 3, background: '#402020' } })
    .composite(tiles.map((input, i) => ({ input, left: i * (tile + 4), top: 0 })))
    .png()
    .toFile(path.join(outDir, 'real-exam.png'));
  console.log(path.join(outDir, 'real-exam.png'));
}
