/**
 * `npm run phantom -- --out DIR [options]`: writes one synthetic four-view screening study (four
 * DICOM MG files, truth.json and tissue maps) to a folder, so a person can try the product with files that look
 * like theirs. The argument parsing lives here (testable); scripts/phantom.ts only calls runCli.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TRANSFER_SYNTAX_NAMES, type TransferSyntaxName } from '../dicom/writer';
import { writeStudyToDir, type WrittenStudy } from './files';
import { FULL_FIELD, generateStudy } from './generate';
import type { PhantomOptions, Side } from './types';

/** Image sizes by name (columns x rows). */
export const SIZES = {
  thumbnail: { width: 256, height: 315 },
  small: { width: 512, height: 630 },
  medium: { width: 1664, height: 2048 },
  full: { width: FULL_FIELD.width, height: FULL_FIELD.height },
  large: { width: 4096, height: 5120 },
} as const;

/** Dense fractions typical of the BI-RADS density grades a-d (the generator's truth is exact). */
export const GRADE_DENSITY = { a: 0.08, b: 0.25, c: 0.45, d: 0.7 } as const;

export const USAGE = `Usage: npm run phantom -- --out DIR [options]

Writes one synthetic four-view screening mammogram study of one fictional woman: R_CC.dcm,
L_CC.dcm, R_MLO.dcm, L_MLO.dcm (DICOM MG, Digital Mammography For Presentation), truth.json
(what was drawn: dense fraction, finding positions in each view) and R_CC_tissue.png ... (where the
dense tissue is). Same options and seed give the same bytes.

Options:
  --out DIR              folder to write to (created if missing; existing files are replaced)
  --seed N               integer seed (default 1); everything random follows from it
  --density F|GRADE      dense (fibroglandular) fraction 0.01-0.95 (or 1%-95%), or a BI-RADS grade a-d
                         (0.08, 0.25, 0.45, 0.7); default drawn from the seed
  --mass SIDE            insert a mass in one breast: right, left (right-cc, right-mlo, r-cc ... are
                         accepted too; a mass is always seen in both views of its breast)
  --mass-size MM         mass diameter in mm, 3-60 (default drawn from the seed, 8-20)
  --mass-margin M        spiculated (default) or round
  --calcifications SIDE  insert a micro-calcification cluster in one breast (right or left)
  --calc-count N         number of calcifications in the cluster, 1-50 (default 5-12)
  --size S               thumbnail (256x315), small (512x630), medium (1664x2048),
                         full (3328x4096, default), large (4096x5120), or WIDTHxHEIGHT
  --thickness MM         compressed breast thickness, 20-100 mm (default drawn from the seed)
  --breast-depth MM      breast size: chest wall to nipple in CC, 50-180 mm (default drawn, 112-154)
  --bits N               bits stored: 12 (default), 14 or 16
  --photometric P        MONOCHROME2 (default) or MONOCHROME1
  --for-processing       write Digital Mammography For Processing instead of For Presentation
  --transfer-syntax TS   ${TRANSFER_SYNTAX_NAMES.join(', ')} (default explicit-le)
  --patient-name NAME    DICOM person name, e.g. "Doe^Jane" (default Phantom^Jane)
  --patient-id ID        patient ID (default PHANTOM-<seed>)
  --birth-date YYYYMMDD  patient birth date (default 19680412)
  --study-date YYYYMMDD  study date (default 20250115)
  -h, --help             show this text

Example: npm run phantom -- --out /tmp/study --density c --mass right-cc --mass-size 14 --size medium
`;

/** A bad command line: the message says which flag and what is allowed. */
export class CliError extends Error {}

export interface CliPlan {
  out: string;
  phantom: PhantomOptions;
  transferSyntax: TransferSyntaxName;
  sopClass: 'mammoForPresentation' | 'mammoForProcessing';
}

function num(flag: string, raw: string, lo: number, hi: number, integer = false): number {
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < lo || v > hi) {
    throw new CliError(`--${flag} must be ${integer ? 'an integer' : 'a number'} from ${lo} to ${hi}, got "${raw}"`);
  }
  return v;
}

function side(flag: string, raw: string): Side {
  const m = /^(right|left|r|l)(?:[-_ ]?(cc|mlo))?$/i.exec(raw.trim());
  if (!m) throw new CliError(`--${flag} must be right or left (or right-cc, left-mlo ...), got "${raw}"`);
  return m[1].toLowerCase().startsWith('r') ? 'right' : 'left';
}

function date(flag: string, raw: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]) || Number(m[1]) < 1900) {
    throw new CliError(`--${flag} must be a date written YYYYMMDD, got "${raw}"`);
  }
  return raw;
}

/** Parses the arguments; returns null for --help. Throws CliError with a clear message. */
export function parseCli(argv: string[]): CliPlan | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        out: { type: 'string' },
        seed: { type: 'string' },
        density: { type: 'string' },
        mass: { type: 'string' },
        'mass-size': { type: 'string' },
        'mass-margin': { type: 'string' },
        calcifications: { type: 'string' },
        'calc-count': { type: 'string' },
        size: { type: 'string' },
        thickness: { type: 'string' },
        'breast-depth': { type: 'string' },
        bits: { type: 'string' },
        photometric: { type: 'string' },
        'for-processing': { type: 'boolean' },
        'transfer-syntax': { type: 'string' },
        'patient-name': { type: 'string' },
        'patient-id': { type: 'string' },
        'birth-date': { type: 'string' },
        'study-date': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    // Node's messages name the flag ("Unknown option '--mas'"); keep them, drop the error code.
    throw new CliError((e as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const a = parsed.values;
  if (a.help) return null;
  if (!a.out) throw new CliError('--out DIR is required: the folder to write the study to');

  const seed = a.seed === undefined ? 1 : num('seed', a.seed, 0, 2 ** 32 - 1, true);
  let density: number | undefined;
  if (a.density !== undefined) {
    const g = a.density.trim().toLowerCase();
    if (g in GRADE_DENSITY) density = GRADE_DENSITY[g as keyof typeof GRADE_DENSITY];
    else if (g.endsWith('%')) density = num('density', g.slice(0, -1), 1, 95) / 100;
    else density = num('density', a.density, 0.01, 0.95);
  }
  let size: { width: number; height: number } = SIZES.full;
  if (a.size !== undefined) {
    const named = SIZES[a.size.toLowerCase() as keyof typeof SIZES];
    const m = /^(\d+)x(\d+)$/i.exec(a.size.trim());
    if (named) size = named;
    else if (m) size = { width: num('size', m[1], 64, 8192, true), height: num('size', m[2], 64, 8192, true) };
    else throw new CliError(`--size must be one of ${Object.keys(SIZES).join(', ')} or WIDTHxHEIGHT (e.g. 3328x4096), got "${a.size}"`);
    if (size.height < size.width * 0.8 || size.height > size.width * 2) {
      throw new CliError(`--size ${size.width}x${size.height}: a mammogram is portrait, height 0.8 to 2 times the width`);
    }
  }
  if (a['mass-size'] !== undefined && a.mass === undefined) throw new CliError('--mass-size needs --mass SIDE');
  if (a['mass-margin'] !== undefined && a.mass === undefined) throw new CliError('--mass-margin needs --mass SIDE');
  if (a['calc-count'] !== undefined && a.calcifications === undefined) throw new CliError('--calc-count needs --calcifications SIDE');
  let margin: 'spiculated' | 'round' | undefined;
  if (a['mass-margin'] !== undefined) {
    const m = a['mass-margin'].toLowerCase();
    if (m !== 'spiculated' && m !== 'round') throw new CliError(`--mass-margin must be spiculated or round, got "${a['mass-margin']}"`);
    margin = m;
  }
  const mass =
    a.mass === undefined
      ? null
      : {
          breast: side('mass', a.mass),
          sizeMm: a['mass-size'] === undefined ? undefined : num('mass-size', a['mass-size'], 3, 60),
          margin,
        };
  const calcifications =
    a.calcifications === undefined
      ? null
      : {
          breast: side('calcifications', a.calcifications),
          count: a['calc-count'] === undefined ? undefined : num('calc-count', a['calc-count'], 1, 50, true),
        };
  let bitsStored: 12 | 14 | 16 = 12;
  if (a.bits !== undefined) {
    if (a.bits !== '12' && a.bits !== '14' && a.bits !== '16') throw new CliError(`--bits must be 12, 14 or 16, got "${a.bits}"`);
    bitsStored = Number(a.bits) as 12 | 14 | 16;
  }
  let photometric: 'MONOCHROME1' | 'MONOCHROME2' = 'MONOCHROME2';
  if (a.photometric !== undefined) {
    const p = a.photometric.toUpperCase();
    if (p !== 'MONOCHROME1' && p !== 'MONOCHROME2') throw new CliError(`--photometric must be MONOCHROME1 or MONOCHROME2, got "${a.photometric}"`);
    photometric = p;
  }
  let transferSyntax: TransferSyntaxName = 'explicit-le';
  if (a['transfer-syntax'] !== undefined) {
    const ts = a['transfer-syntax'].toLowerCase() as TransferSyntaxName;
    if (!TRANSFER_SYNTAX_NAMES.includes(ts)) {
      throw new CliError(`--transfer-syntax must be one of ${TRANSFER_SYNTAX_NAMES.join(', ')}, got "${a['transfer-syntax']}"`);
    }
    transferSyntax = ts;
  }
  const name = a['patient-name'] ?? 'Phantom^Jane';
  if (name.length > 64 || /[\\\r\n]/.test(name) || name.trim() === '') {
    throw new CliError('--patient-name must be 1-64 characters without backslashes or line breaks, e.g. "Doe^Jane"');
  }
  const id = a['patient-id'] ?? `PHANTOM-${seed}`;
  if (id.length > 64 || /[\\\r\n]/.test(id) || id.trim() === '') {
    throw new CliError('--patient-id must be 1-64 characters without backslashes or line breaks');
  }
  const birthDate = a['birth-date'] === undefined ? '19680412' : date('birth-date', a['birth-date']);
  const studyDate = a['study-date'] === undefined ? '20250115' : date('study-date', a['study-date']);
  if (birthDate >= studyDate) throw new CliError(`--birth-date ${birthDate} must be before the study date ${studyDate}`);

  return {
    out: path.resolve(a.out),
    transferSyntax,
    sopClass: a['for-processing'] ? 'mammoForProcessing' : 'mammoForPresentation',
    phantom: {
      seed,
      width: size.width,
      height: size.height,
      density,
      mass,
      calcifications,
      thicknessMm: a.thickness === undefined ? undefined : num('thickness', a.thickness, 20, 100),
      breastDepthMm: a['breast-depth'] === undefined ? undefined : num('breast-depth', a['breast-depth'], 50, 180),
      bitsStored,
      photometric,
      patient: { id, name, birthDate, sex: 'F' },
      studyDate,
    },
  };
}

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

/** Runs the command; returns the exit code (0 ok, 2 bad arguments, 1 failure while writing). */
export async function runCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let plan: CliPlan | null;
  try {
    plan = parseCli(argv);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    io.err(`phantom: ${e.message}`);
    io.err('Run with --help to see all options.');
    return 2;
  }
  if (!plan) {
    io.out(USAGE);
    return 0;
  }
  let written: WrittenStudy;
  const t0 = performance.now();
  try {
    const study = generateStudy(plan.phantom);
    written = await writeStudyToDir(study, plan.out, { transferSyntax: plan.transferSyntax, sopClass: plan.sopClass });
    const t = study.truth;
    const { width, height } = study.views.r_cc;
    io.out(`Wrote a synthetic four-view study to ${written.dir} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    io.out(`  ${width}x${height} pixels at ${study.pixelSpacingMm[0].toFixed(4)} mm, ${study.views.r_cc.bitsStored} bits, ${plan.transferSyntax}, seed ${study.seed}`);
    io.out(`  patient ${study.patient.name} (${study.patient.id}), born ${study.patient.birthDate}, study date ${study.studyDate}`);
    io.out(`  dense fraction ${t.denseFraction.toFixed(3)} (requested ${t.requestedDensity.toFixed(3)})`);
    if (t.mass) io.out(`  mass: ${t.mass.breast} breast, ${t.mass.sizeMm.toFixed(1)} mm, ${t.mass.margin}, ${t.mass.distanceFromNippleMm.toFixed(0)} mm from the nipple`);
    if (t.calcifications) io.out(`  calcifications: ${t.calcifications.count} in the ${t.calcifications.breast} breast`);
    for (const f of Object.values(written.files)) io.out(`  ${path.basename(f)}`);
    io.out(`  ${path.basename(written.truthFile)} (positions of findings in each view, in pixels)`);
    io.out(`  ${Object.values(written.maps).map((f) => path.basename(f)).join(', ')} (tissue maps: 255 dense, 128 fat, 0 outside)`);
  } catch (e) {
    io.err(`phantom: could not write the study to ${plan.out}: ${(e as Error).message}`);
    return 1;
  }
  return 0;
}
