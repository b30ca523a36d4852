/**
 * Percent density and grade per breast for the real exams in ../shared/data/mammograms (PNG, no
 * DICOM header: laterality and view from the file name, pixel spacing unknown so a nominal 0.1 mm).
 * Run: npx tsx scripts/real-exam-density.ts
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { ViewKey } from '../core/contract/scores';
import { densityGrade } from '../server/analysis/density-grade';
import { measureStudy } from '../server/analysis/image/study';
import type { DecodedView } from '../server/dicom/types';

const ROOT = resolve(import.meta.dirname, '../../shared/data/mammograms');

/** File name to view key: R-CC, 0_L-MLO, 1_R_CC ... ; masks (seg_*) are not views. */
export function viewKeyOf(file: string): ViewKey | null {
  if (file.startsWith('seg_') || !file.endsWith('.png')) return null;
  const m = /(?:^|[_-])([LR])[-_](CC|MLO)\.png$/.exec(file);
  if (!m) return null;
  return `${m[1].toLowerCase()}_${m[2].toLowerCase()}` as ViewKey;
}

export async function readPngView(path: string, key: ViewKey): Promise<DecodedView> {
  const { data, info } = await sharp(path).extractChannel(0).raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
  const src = new Uint16Array(data.buffer, data.byteOffset, info.width * info.height);
  return {
    key,
    laterality: key.startsWith('r') ? 'R' : 'L',
    viewPosition: key.endsWith('mlo') ? 'MLO' : 'CC',
    width: info.width,
    height: info.height,
    pixels: Float32Array.from(src),
    minValue: 0,
    maxValue: 65535,
    pixelSpacingMm: [0.1, 0.1],
    spacingSource: 'nominal',
    window: null,
    horizontalFlip: false,
    downsample: 1,
  };
}

/** Exams: folder plus exam prefix ("0_", "1_", "" ...), each with the views present. */
export function listExams(root = ROOT): Array<{ name: string; files: Partial<Record<ViewKey, string>> }> {
  const exams = new Map<string, Partial<Record<ViewKey, string>>>();
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(join(root, dir.name)).sort()) {
      const key = viewKeyOf(f);
      if (!key) continue;
      const prefix = /^(\d+)_/.exec(f)?.[1] ?? '';
      const name = prefix ? `${dir.name}/${prefix}` : dir.name;
      const e = exams.get(name) ?? {};
      e[key] = join(root, dir.name, f);
      exams.set(name, e);
    }
  }
  return [...exams].map(([name, files]) => ({ name, files }));
}

function breastPd(a: number | null, b: number | null): number | null {
  const v = [a, b].filter((x): x is number => x !== null);
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : null;
}

async function main(): Promise<void> {
  if (!existsSync(ROOT)) {
    console.log(`skipped: ${ROOT} is absent`);
    return;
  }
  console.log('exam                       | R PD  grade | L PD  grade | same | per view PD');
  for (const exam of listExams()) {
    const views: Partial<Record<ViewKey, DecodedView>> = {};
    for (const [key, file] of Object.entries(exam.files) as Array<[ViewKey, string]>) views[key] = await readPngView(file, key);
    const m = measureStudy(views);
    const r = breastPd(m.views.r_cc.percentDensity, m.views.r_mlo.percentDensity);
    const l = breastPd(m.views.l_cc.percentDensity, m.views.l_mlo.percentDensity);
    const gr = r === null ? '-' : densityGrade(r);
    const gl = l === null ? '-' : densityGrade(l);
    const per = (Object.keys(exam.files) as ViewKey[]).map((k) => `${k} ${m.views[k].percentDensity?.toFixed(1)}`).join(', ');
    const fmt = (x: number | null) => (x === null ? '  -  ' : x.toFixed(1).padStart(5));
    console.log(`${exam.name.padEnd(26)} | ${fmt(r)}   ${gr}   | ${fmt(l)}   ${gl}   | ${gr === gl ? 'yes' : 'NO '}  | ${per}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
