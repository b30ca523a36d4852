/**
 * Deflated Explicit VR Little Endian (issue 16, item 2): valid files are read and decoded like any
 * other; nothing inflates more than the header needs to classify a file, or more than its image
 * needs to decode it, however far the data would inflate.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classifyHeader, readHeader } from '../../core/dicom/classify';
import { HEADER_INFLATE_LIMIT, measureInflated, readDeflatedHeader } from '../../core/dicom/deflated';
import { decodeDicom, DicomDecodeError } from '../../server/dicom/decode';
import { classifyFile } from '../../workers/dicom-reader';
import { deflateBomb, toDeflated } from '../fixtures/deflated';
import { withJunkElements } from '../fixtures/hostile-dicom';
import { makeStudyFiles } from '../fixtures/studies';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const streamFrom = (bytes: Uint8Array, at: number) => new Blob([bytes.slice(at)]).stream();

/** The peak resident memory of this process so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

describe('Deflated DICOM', async () => {
  // 1400 x 1723 at 16 bits: 4.8 MB of pixels, so "only the header" and "the whole image" differ.
  const study = await makeStudyFiles({ seed: 3, width: 1400, height: 1723 });
  const deflated = toDeflated(study.l_mlo);

  it('readHeader says where the deflated data set starts and inflates nothing', () => {
    const header = readHeader(deflated.subarray(0, 64 * 1024));
    expect(header.dicom).toBe(true);
    expect(header.info).toBeNull();
    expect(header.deflatedAt).toBeGreaterThan(132);
    expect(readHeader(study.l_mlo).deflatedAt).toBeUndefined();
  });

  it('classifies a Deflated view from its header, inflating only the first window', async () => {
    const at = readHeader(deflated).deflatedAt!;
    const { header, inflated } = await readDeflatedHeader(deflated, at, streamFrom(deflated, at));
    expect(classifyHeader(header)).toMatchObject({ ok: true, key: 'l_mlo', info: { transferSyntaxUid: '1.2.840.10008.1.2.1.99' } });
    expect(inflated).toBeLessThanOrEqual(128 * 1024);
  });

  it('refuses a Deflated header flooded with tiny elements without parsing them', async () => {
    // 50,000 private elements before the view tags: 0.5 MB inflated, within the 2 MB a header may inflate to.
    const flooded = toDeflated(withJunkElements(study.l_mlo, 50_000, { group: 0x0009, before: 'x00100010' }));
    const at = readHeader(flooded).deflatedAt!;
    const { header, dataSet } = await readDeflatedHeader(flooded, at, streamFrom(flooded, at));
    // Read as holding its meta group only: the rules refuse it.
    expect(Object.keys(dataSet!.elements).every((tag) => tag.startsWith('x0002'))).toBe(true);
    expect(classifyHeader(header).ok).toBe(false);
  });

  it('classifies Deflated files in the browser worker too, reading a fraction of them', async () => {
    // A file on disk, as a picked file is: its stream comes in chunks, not whole.
    const dir = mkdtempSync(path.join(tmpdir(), 'sd-deflated-'));
    try {
      writeFileSync(path.join(dir, 'l_mlo.dcm'), deflated);
      const f = await classifyFile({ name: 'l_mlo.dcm', blob: (await openAsBlob(path.join(dir, 'l_mlo.dcm'))) as Blob });
      expect(f.result).toMatchObject({ ok: true, key: 'l_mlo' });
      expect(f.bytesRead).toBeLessThan(deflated.length / 4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('decodes a Deflated view to the same pixels as the uncompressed file', async () => {
    const plain = await decodeDicom(study.l_mlo);
    const view = await decodeDicom(deflated);
    expect([view.width, view.height, view.laterality, view.viewPosition]).toEqual([plain.width, plain.height, 'L', 'MLO']);
    expect(Buffer.from(view.pixels.buffer).equals(Buffer.from(plain.pixels.buffer))).toBe(true);
  });

  it('stops a data set of 1 GB of zeros at its first element: no header, refused', async () => {
    const bomb = deflateBomb(study.r_cc, GB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const at = readHeader(bomb).deflatedAt!;
    const started = performance.now();
    const { header, inflated } = await readDeflatedHeader(bomb, at, streamFrom(bomb, at));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(inflated).toBeLessThanOrEqual(128 * 1024);
    expect(classifyHeader(header).ok).toBe(false);
  });

  it('never inflates a header beyond the limit', async () => {
    // A valid header whose pixel data is 1 GB: the header is found in the first window; told to look
    // for it in less than that, the read stops at the limit.
    const bomb = deflateBomb(study.r_cc, GB, { keepHeader: true });
    const at = readHeader(bomb).deflatedAt!;
    expect((await readDeflatedHeader(bomb, at, streamFrom(bomb, at))).inflated).toBeLessThanOrEqual(128 * 1024);
    const small = await readDeflatedHeader(bomb, at, streamFrom(bomb, at), 1000);
    expect(small.inflated).toBeLessThan(HEADER_INFLATE_LIMIT);
    expect(small.header.complete).toBe(true);
  });

  it('counts an inflating stream only up to the limit', async () => {
    const bomb = deflateBomb(study.r_cc, GB, { keepHeader: true });
    const at = readHeader(bomb).deflatedAt!;
    const over = await measureInflated(streamFrom(bomb, at), 5 * MB);
    expect(over).toMatchObject({ ended: false, broken: false });
    expect(over.size).toBeLessThan(6 * MB);
    const whole = await measureInflated(streamFrom(deflated, readHeader(deflated).deflatedAt!), 100 * MB);
    expect(whole).toMatchObject({ ended: true, broken: false });
    const cut = await measureInflated(streamFrom(deflated.subarray(0, deflated.length - 1000), readHeader(deflated).deflatedAt!), 100 * MB);
    expect(cut.broken).toBe(true);
  });

  it('refuses to decode a view whose data inflates past its image, quickly and within little memory', async () => {
    const bomb = deflateBomb(study.r_cc, GB, { keepHeader: true });
    const before = peakRss();
    const started = performance.now();
    await expect(decodeDicom(bomb)).rejects.toThrow(DicomDecodeError);
    await expect(decodeDicom(bomb)).rejects.toThrow(/inflates to more than its 1400 x 1723 image needs/);
    expect(performance.now() - started).toBeLessThan(2000);
    // The cap is the image (4.8 MB) and the header allowance (2 MB); the old way took gigabytes.
    expect(peakRss() - before).toBeLessThan(100 * MB);
  });
});
