/**
 * A folder of labelled real films (the format of ../shared/data/real-labelled/README.md):
 * `manifest.json` lists every image with its view, laterality, pixel spacing and labels. Programs
 * here take the folder as an argument and never rely on its file names, so a held-out set in the
 * same format runs through the same code.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const Lesion = z.object({
  kind: z.string(),
  severity: z.string().nullish(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  r: z.number().nullable(),
});

const Density = z.union([
  z.object({ scale: z.literal('MIAS background tissue'), label: z.enum(['F', 'G', 'D']) }),
  z.object({ scale: z.literal('annotated fibroglandular percent'), percent: z.number() }),
]);

export const LabelledImage = z.object({
  id: z.string().min(1),
  source: z.string(),
  image: z.string().min(1),
  mask: z.string().nullish(),
  view: z.enum(['CC', 'MLO']),
  laterality: z.enum(['L', 'R']),
  patient: z.string().nullish(),
  pixelSpacingMm: z.number().positive().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  density: Density.nullish(),
  abnormal: z.boolean().nullish(),
  lesions: z.array(Lesion).nullish(),
});
export type LabelledImage = z.infer<typeof LabelledImage>;
export type Lesion = z.infer<typeof Lesion>;

export const Manifest = z.object({ version: z.number(), images: z.array(LabelledImage) });
export type Manifest = z.infer<typeof Manifest>;

export interface LabelledSet {
  dir: string;
  /** The folder's name, e.g. "real-labelled": names the default predictions file. */
  name: string;
  images: LabelledImage[];
}

/** Reads and checks DIR/manifest.json; the error names the first thing that is wrong. */
export function readLabelledSet(dir: string): LabelledSet {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} not found: a labelled set is a folder with a manifest.json`);
  const parsed = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const ids = new Set<string>();
  for (const img of parsed.data.images) {
    if (ids.has(img.id)) throw new Error(`${file}: the id ${img.id} is used twice`);
    ids.add(img.id);
  }
  return { dir: path.resolve(dir), name: path.basename(path.resolve(dir)), images: parsed.data.images };
}

/** ../shared/data/real-labelled beside the project root (override with REAL_LABELLED_DIR). */
export function realLabelledDir(): string {
  return process.env.REAL_LABELLED_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data/real-labelled');
}

/** Null when the labelled films are there; otherwise the message tests print when they skip. */
export function realLabelledMissing(dir = realLabelledDir()): string | null {
  return existsSync(path.join(dir, 'manifest.json')) && statSync(dir).isDirectory()
    ? null
    : `labelled real films not found at ${dir} (../shared is absent on this machine): tests that read them are skipped`;
}

/** The woman a film belongs to: `patient` when given, else the film itself (folds keep her films together). */
export function womanOf(img: LabelledImage): string {
  return img.patient ?? img.id;
}
