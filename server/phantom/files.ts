/**
 * Writes a generated study to a folder: four DICOM MG files and the truth as JSON. Views are
 * encoded and written one at a time, so a full-field study never holds more than one encoded file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { loadCodecs } from '../dicom/codecs';
import { writeDicomSync } from '../dicom/writer';
import { truthJson } from './truth-json';
import type { PhantomStudy } from './types';
import { viewDicomInput, type WriteStudyOptions } from './write';

/** File names of the four views: R_CC.dcm, L_CC.dcm, R_MLO.dcm, L_MLO.dcm. */
export function viewFileName(key: ViewKey): string {
  return `${key.toUpperCase()}.dcm`;
}

export const TRUTH_FILE = 'truth.json';

/** The tissue map of one view as a PNG: 0 outside the breast (and the muscle), 128 fat, 255 dense. */
export function truthMapFileName(key: ViewKey): string {
  return `${key.toUpperCase()}_tissue.png`;
}

export interface WrittenStudy {
  dir: string;
  files: Record<ViewKey, string>;
  truthFile: string;
  /** Per view: the tissue map PNG (on the dense map's coarse grid, `denseMapGrid.scale` pixels a cell). */
  maps: Record<ViewKey, string>;
  bytes: number;
}

export async function writeStudyToDir(study: PhantomStudy, dir: string, opts: WriteStudyOptions = {}): Promise<WrittenStudy> {
  const syntax = opts.transferSyntax ?? 'explicit-le';
  if (syntax === 'jpeg-ls' || syntax === 'jpeg2000') await loadCodecs();
  mkdirSync(dir, { recursive: true });
  const files = {} as Record<ViewKey, string>;
  let bytes = 0;
  for (const key of VIEW_KEYS) {
    const data = writeDicomSync(viewDicomInput(study, key, opts), syntax);
    const file = path.join(dir, viewFileName(key));
    writeFileSync(file, data);
    files[key] = file;
    bytes += data.length;
  }
  const maps = {} as Record<ViewKey, string>;
  for (const key of VIEW_KEYS) {
    const { denseMap, breastMask } = study.truth.views[key];
    const px = new Uint8Array(denseMap.width * denseMap.height);
    for (let i = 0; i < px.length; i++) px[i] = denseMap.data[i] ? 255 : breastMask.data[i] ? 128 : 0;
    maps[key] = path.join(dir, truthMapFileName(key));
    await sharp(px, { raw: { width: denseMap.width, height: denseMap.height, channels: 1 } }).png().toFile(maps[key]);
  }
  const truthFile = path.join(dir, TRUTH_FILE);
  const truth = {
    ...truthJson(study),
    transferSyntax: syntax,
    files: Object.fromEntries(VIEW_KEYS.map((k) => [k, viewFileName(k)])),
    tissueMaps: Object.fromEntries(VIEW_KEYS.map((k) => [k, truthMapFileName(k)])),
  };
  writeFileSync(truthFile, `${JSON.stringify(truth, null, 2)}\n`);
  return { dir, files, truthFile, maps, bytes };
}
