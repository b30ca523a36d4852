import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import dicomParser from 'dicom-parser';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyStudy, readHeader } from '../../core/dicom/classify';
import { TRANSFER_SYNTAXES } from '../../server/dicom/writer';
import { USAGE, parseCli, runCli } from '../../server/phantom/cli';

const require = createRequire(import.meta.url);
const dcmjs = require('dcmjs');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'phantom-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run phantom', { timeout: 120_000 }, () => {
  it('writes four DICOM views and truth.json that say what was asked for', async () => {
    const dir = path.join(tmp, 'study');
    const res = await run([
      '--out', dir, '--seed', '7', '--density', '0.35', '--mass', 'right-cc', '--mass-size', '12', '--mass-margin', 'round',
      '--calcifications', 'left', '--calc-count', '6', '--size', 'thumbnail', '--transfer-syntax', 'rle',
      '--patient-name', 'Doe^Jane', '--patient-id', 'ID-77', '--birth-date', '19700321', '--study-date', '20240502',
    ]);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toContain(dir);
    expect(readdirSync(dir).sort()).toEqual([
      'L_CC.dcm', 'L_CC_tissue.png', 'L_MLO.dcm', 'L_MLO_tissue.png', 'R_CC.dcm', 'R_CC_tissue.png', 'R_MLO.dcm', 'R_MLO_tissue.png', 'truth.json',
    ]);

    const files = ['R_CC', 'L_CC', 'R_MLO', 'L_MLO'].map((b) => ({ name: `${b}.dcm`, bytes: new Uint8Array(readFileSync(path.join(dir, `${b}.dcm`))) }));
    // The product's own upload rules accept the folder as one complete four-view study.
    const study = classifyStudy(files.map((f) => ({ name: f.name, header: readHeader(f.bytes, { final: true }) })));
    expect(study.messages).toEqual([]);
    expect(study.ready).toBe(true);
    expect(study.assigned).toEqual({ r_cc: 'R_CC.dcm', r_mlo: 'R_MLO.dcm', l_cc: 'L_CC.dcm', l_mlo: 'L_MLO.dcm' });
    for (const f of files) {
      const ds = dicomParser.parseDicom(f.bytes);
      expect(ds.string('x00020010')).toBe(TRANSFER_SYNTAXES.rle);
      expect(ds.string('x00100010')).toBe('Doe^Jane');
      expect(ds.string('x00100020')).toBe('ID-77');
      expect(ds.string('x00100030')).toBe('19700321');
      expect(ds.string('x00080020')).toBe('20240502');
      expect(ds.string('x00200062')).toBe(f.name[0]);
      expect(ds.string('x00185101')).toBe(f.name.includes('MLO') ? 'MLO' : 'CC');
      expect(ds.uint16('x00280011')).toBe(256);
      expect(ds.uint16('x00280010')).toBe(315);
      const nat = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dcmjs.data.DicomMessage.readFile(f.bytes.slice().buffer).dict);
      expect(nat.PatientName[0].Alphabetic).toBe('Doe^Jane');
    }
    const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8'));
    expect(truth.seed).toBe(7);
    expect(truth.requestedDensity).toBe(0.35);
    expect(Math.abs(truth.denseFraction - 0.35)).toBeLessThan(0.02);
    expect(truth.mass).toMatchObject({ breast: 'right', sizeMm: 12, margin: 'round' });
    expect(truth.views.r_cc.mass).not.toBeNull();
    expect(truth.views.r_mlo.mass).not.toBeNull();
    expect(truth.views.l_cc.mass).toBeNull();
    expect(truth.calcifications).toMatchObject({ breast: 'left', count: 6 });
    expect(truth.views.l_mlo.calcificationPoints).toHaveLength(6);
    expect(truth.transferSyntax).toBe('rle');
    expect(truth.files.r_cc).toBe('R_CC.dcm');
    // The tissue maps on disk agree with the dense fraction recorded for each view.
    for (const key of ['r_cc', 'l_cc', 'r_mlo', 'l_mlo']) {
      const { data, info } = await sharp(path.join(dir, truth.tissueMaps[key])).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([truth.views[key].denseMapGrid.width, truth.views[key].denseMapGrid.height]);
      let dense = 0;
      let breast = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if (data[i] === 255) dense++;
        if (data[i] >= 128) breast++;
      }
      expect(dense / breast).toBeCloseTo(truth.views[key].denseFraction, 10);
    }
  });

  it('writes the same bytes twice for the same options, and other bytes for another seed', async () => {
    const args = ['--size', 'thumbnail', '--density', 'c', '--mass', 'left'];
    await run(['--out', path.join(tmp, 'a'), ...args]);
    await run(['--out', path.join(tmp, 'b'), ...args]);
    await run(['--out', path.join(tmp, 'c'), ...args, '--seed', '2']);
    for (const f of ['R_CC.dcm', 'L_MLO.dcm', 'truth.json']) {
      const a = readFileSync(path.join(tmp, 'a', f));
      expect(a.equals(readFileSync(path.join(tmp, 'b', f)))).toBe(true);
      expect(a.equals(readFileSync(path.join(tmp, 'c', f)))).toBe(false);
    }
  });

  it('prints the usage for --help and writes nothing', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    expect(res.out).toBe(USAGE);
    for (const flag of ['--out', '--density', '--mass', '--size', '--seed', '--transfer-syntax', '--calcifications', '--patient-name', '--birth-date']) {
      expect(USAGE).toContain(flag);
    }
  });

  it.each([
    [['--density', '0.35'], '--out DIR is required'],
    [['--out', 'x', '--density', '2'], '--density must be a number from 0.01 to 0.95, got "2"'],
    [['--out', 'x', '--density', 'e'], '--density must be a number'],
    [['--out', 'x', '--mass', 'middle'], '--mass must be right or left'],
    [['--out', 'x', '--mass-size', '10'], '--mass-size needs --mass'],
    [['--out', 'x', '--mass', 'left', '--mass-margin', 'fuzzy'], '--mass-margin must be spiculated or round'],
    [['--out', 'x', '--size', 'huge'], '--size must be one of thumbnail, small, medium, full, large or WIDTHxHEIGHT'],
    [['--out', 'x', '--size', '4000x1000'], 'a mammogram is portrait'],
    [['--out', 'x', '--transfer-syntax', 'jpeg'], '--transfer-syntax must be one of explicit-le, implicit-le, rle, jpeg-ls, jpeg2000'],
    [['--out', 'x', '--bits', '8'], '--bits must be 12, 14 or 16'],
    [['--out', 'x', '--breast-depth', '20'], '--breast-depth must be a number from 50 to 180'],
    [['--out', 'x', '--birth-date', '1970-03-21'], '--birth-date must be a date written YYYYMMDD'],
    [['--out', 'x', '--birth-date', '20260101'], 'must be before the study date'],
    [['--out', 'x', '--seed', '1.5'], '--seed must be an integer'],
    [['--out', 'x', '--mas', 'right'], "Unknown option '--mas'"],
    [['--out', 'x', 'extra'], "Unexpected argument 'extra'"],
  ])('rejects %j with a message that names the problem', async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(2);
    expect(res.err).toContain(message);
    expect(res.err).toContain('--help');
    expect(res.out).toBe('');
  });

  it('understands grades, percentages, sizes and sides in their usual spellings', () => {
    expect(parseCli(['--out', 'x', '--density', 'D'])!.phantom.density).toBe(0.7);
    expect(parseCli(['--out', 'x', '--density', '35%'])!.phantom.density).toBeCloseTo(0.35, 10);
    expect(parseCli(['--out', 'x', '--size', 'large'])!.phantom).toMatchObject({ width: 4096, height: 5120 });
    expect(parseCli(['--out', 'x'])!.phantom).toMatchObject({ width: 3328, height: 4096, seed: 1 });
    expect(parseCli(['--out', 'x', '--size', '1000x1230'])!.phantom).toMatchObject({ width: 1000, height: 1230 });
    expect(parseCli(['--out', 'x', '--mass', 'L-MLO'])!.phantom.mass?.breast).toBe('left');
    expect(parseCli(['--out', 'x', '--mass', 'right'])!.phantom.mass?.breast).toBe('right');
    expect(parseCli(['--out', 'x', '--for-processing'])!.sopClass).toBe('mammoForProcessing');
    expect(parseCli(['--out', 'x', '--breast-depth', '90', '--thickness', '35'])!.phantom).toMatchObject({ breastDepthMm: 90, thicknessMm: 35 });
    expect(parseCli(['--out', 'x', '--photometric', 'monochrome1'])!.phantom.photometric).toBe('MONOCHROME1');
  });
});
