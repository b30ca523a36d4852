import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dicomParser from 'dicom-parser';
import { countHeaderElements, countHeaderElementsIn } from '../../server/dicom/header-elements';
import { TRANSFER_SYNTAX_NAMES } from '../../server/dicom/writer';
import { withJunkElements } from '../fixtures/hostile-dicom';
import { makeStudyFiles } from '../fixtures/studies';

const dir = mkdtempSync(path.join(tmpdir(), 'sd-header-elements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const stored = (bytes: Uint8Array) => {
  const file = path.join(dir, `${++n}.dcm`);
  writeFileSync(file, bytes);
  return file;
};

/** Elements dicom-parser builds before the pixel data, items and their contents included. */
function parsedElements(bytes: Uint8Array): number {
  let count = 0;
  const walk = (ds: dicomParser.DataSet) => {
    for (const el of Object.values(ds.elements)) {
      count++;
      for (const item of el.items ?? []) {
        count++;
        if (item.dataSet) walk(item.dataSet);
      }
    }
  };
  walk(dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010' }));
  return count;
}

describe('counting a header’s elements before the pixel data', () => {
  it('counts what dicom-parser builds, in every encoding the writer makes, sequences included', async () => {
    for (const syntax of TRANSFER_SYNTAX_NAMES) {
      const file = (await makeStudyFiles({ seed: 3, transferSyntax: syntax })).r_cc;
      const counted = await countHeaderElements(stored(file), 10_000);
      expect(countHeaderElementsIn(file, 10_000), syntax).toEqual(counted);
      const parsed = parsedElements(file) - 1; // dicom-parser keeps the pixel data element itself
      expect(counted.over, syntax).toBe(false);
      // The walk also counts the sequences' delimiters, which dicom-parser does not keep.
      expect(counted.count, syntax).toBeGreaterThanOrEqual(parsed);
      expect(counted.count, syntax).toBeLessThanOrEqual(parsed + 4);
    }
  });

  it('stops at the limit on a file flooded with tiny elements, without reading it all', async () => {
    const file = (await makeStudyFiles({ seed: 3 })).r_cc;
    const flooded = await countHeaderElements(stored(withJunkElements(file, 1_000_000)), 10_000);
    expect(flooded).toEqual({ count: 10_001, over: true });
    expect(countHeaderElementsIn(withJunkElements(file, 20_000), 10_000)).toEqual({ count: 10_001, over: true });
    const some = await countHeaderElements(stored(withJunkElements(file, 5_000)), 10_000);
    expect(some.over).toBe(false);
    expect(some.count).toBeGreaterThan(5_000);
  });

  it('counts a big-endian data set in its own byte order', async () => {
    const file = (await makeStudyFiles({ seed: 3 })).r_cc;
    const ds = dicomParser.parseDicom(file, { untilTag: 'x7fe00010' });
    const syntax = ds.elements.x00020010;
    // The meta group as written, its transfer syntax made Explicit VR Big Endian (same length).
    const meta = file.slice(0, ds.elements.x00020010.dataOffset + syntax.length);
    meta.set(new TextEncoder().encode('1.2.840.10008.1.2.2\0'), syntax.dataOffset);
    const elements = 20_000;
    const body = new Uint8Array(elements * 10 + 12);
    const v = new DataView(body.buffer);
    for (let i = 0; i < elements; i++) {
      v.setUint16(i * 10, 0x0029);
      v.setUint16(i * 10 + 2, 0x1000 + i);
      body.set([0x4c, 0x4f], i * 10 + 4); // 'LO'
      v.setUint16(i * 10 + 6, 2);
      body.set([0x41, 0x42], i * 10 + 8);
    }
    v.setUint16(elements * 10, 0x7fe0);
    v.setUint16(elements * 10 + 2, 0x0010);
    body.set([0x4f, 0x57], elements * 10 + 4); // 'OW', reserved, length 0
    const bigEndian = new Uint8Array([...meta, ...body]);
    expect(parsedElements(bigEndian)).toBeGreaterThan(elements);
    expect(countHeaderElementsIn(bigEndian, 10_000)).toEqual({ count: 10_001, over: true });
    expect(countHeaderElementsIn(bigEndian, 50_000)).toMatchObject({ over: false });
  });

  it('steps over a large single value: one element, whatever its size', async () => {
    const file = (await makeStudyFiles({ seed: 3 })).r_cc;
    const base = (await countHeaderElements(stored(file), 10_000)).count;
    // A 3 MB private OB value before the pixel data.
    const at = dicomParser.parseDicom(file, { untilTag: 'x7fe00010' }).elements.x7fe00010.dataOffset - 12;
    const blob = new Uint8Array(12 + 3 * 2 ** 20);
    const v = new DataView(blob.buffer);
    v.setUint16(0, 0x0029, true);
    v.setUint16(2, 0x1010, true);
    blob.set([0x4f, 0x42], 4); // 'OB'
    v.setUint32(8, 3 * 2 ** 20, true);
    const big = new Uint8Array(file.length + blob.length);
    big.set(file.subarray(0, at));
    big.set(blob, at);
    big.set(file.subarray(at), at + blob.length);
    expect(await countHeaderElements(stored(big), 10_000)).toEqual({ count: base + 1, over: false });
  });
});
