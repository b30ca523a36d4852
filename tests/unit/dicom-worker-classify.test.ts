import { describe, expect, it } from 'vitest';
import { deterministicUid, writeDicomSync, type DicomImageInput, type TransferSyntaxName } from '../../server/dicom/writer';
import { classifyFile, classifyPicked, FIRST_WINDOW, readFileHeader } from '../../workers/dicom-reader';

const CONTACT = 'help@example.com';
const UNSUPPORTED = `Unsupported file format, contact us at ${CONTACT} for help.`;

/** A small DICOM file with the header fields a test chooses. */
function craft(over: Partial<DicomImageInput> = {}, syntax: TransferSyntaxName = 'explicit-le', size = 8): Blob {
  const input: DicomImageInput = {
    sopClass: 'mammoForPresentation',
    sopInstanceUid: deterministicUid(1, `sop-${Math.random()}`),
    studyInstanceUid: deterministicUid(1, 'study'),
    seriesInstanceUid: deterministicUid(1, 'series'),
    modality: 'MG',
    patient: { id: 'P-1', name: 'Test^Person', birthDate: '19700101', sex: 'F' },
    studyDate: '20250301',
    laterality: 'R',
    viewPosition: 'CC',
    image: { pixels: new Uint16Array(size * size).fill(100), width: size, height: size, bitsStored: 12, photometric: 'MONOCHROME2' },
    ...over,
  };
  return new Blob([writeDicomSync(input, syntax) as Uint8Array<ArrayBuffer>]);
}

describe('classifying one file from its header', () => {
  for (const syntax of ['explicit-le', 'implicit-le'] as const) {
    it(`reads ${syntax} headers: laterality and view position give the view`, async () => {
      for (const [laterality, viewPosition, key] of [
        ['R', 'CC', 'r_cc'],
        ['R', 'MLO', 'r_mlo'],
        ['L', 'CC', 'l_cc'],
        ['L', 'MLO', 'l_mlo'],
      ] as const) {
        const f = await classifyFile({ name: `${key}.dcm`, blob: craft({ laterality, viewPosition }, syntax) }, { contactEmail: CONTACT });
        expect(f.result).toMatchObject({ ok: true, key });
      }
    });
  }

  it('reads only the first window of a large file', async () => {
    const blob = craft({}, 'explicit-le', 1024); // 2 MB of pixels
    const read = await readFileHeader(blob);
    expect(read.header.complete).toBe(true);
    expect(read.reads).toBe(1);
    expect(read.bytesRead).toBe(FIRST_WINDOW);
    expect(blob.size).toBeGreaterThan(100 * read.bytesRead);
  });

  it('grows the window when the header is larger than the first read', async () => {
    // 3000 referenced images before the laterality tag: a header of a few hundred kilobytes.
    const refs = Array.from({ length: 3000 }, (_, i) => ({
      ReferencedSOPClassUID: '1.2.840.10008.5.1.4.1.1.1.2',
      ReferencedSOPInstanceUID: deterministicUid(i, 'ref'),
    }));
    for (const syntax of ['explicit-le', 'implicit-le'] as const) {
      const blob = craft({ laterality: 'L', viewPosition: 'MLO', extra: { ReferencedImageSequence: refs } }, syntax, 512);
      const f = await classifyFile({ name: 'big.dcm', blob });
      expect(f.result).toMatchObject({ ok: true, key: 'l_mlo' });
      expect(f.reads).toBeGreaterThan(1);
      expect(f.bytesRead).toBeLessThan(blob.size * 2);
    }
  });

  it('takes the view from the view code sequence when ViewPosition is missing', async () => {
    const blob = craft({ viewPosition: undefined, extra: { ViewCodeSequence: [{ CodeValue: '399368009', CodingSchemeDesignator: 'SCT', CodeMeaning: 'medio-lateral oblique' }] } });
    const f = await classifyFile({ name: 'x.dcm', blob });
    expect(f.result).toMatchObject({ ok: true, key: 'r_mlo' });
  });

  it('rejects a file without laterality, without view or with another SOP class, with the spec sentence', async () => {
    const noLaterality = await classifyFile({ name: 'a.dcm', blob: craft({ laterality: undefined }) }, { contactEmail: CONTACT });
    expect(noLaterality.result).toMatchObject({ ok: false, reason: 'laterality', message: UNSUPPORTED });
    const noView = await classifyFile({ name: 'b.dcm', blob: craft({ viewPosition: undefined }) }, { contactEmail: CONTACT });
    expect(noView.result).toMatchObject({ ok: false, reason: 'view-position', message: UNSUPPORTED });
    const ct = await classifyFile({ name: 'c.dcm', blob: craft({ sopClass: 'ct', modality: 'CT' }) }, { contactEmail: CONTACT });
    expect(ct.result).toMatchObject({ ok: false, reason: 'sop-class', message: UNSUPPORTED });
  });

  it('rejects what is not DICOM, and names that are not .dcm when asked to', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array(300).fill(0)])]);
    const sniffed = await classifyFile({ name: 'photo.dcm', blob: png }, { contactEmail: CONTACT });
    expect(sniffed.result).toMatchObject({ ok: false, reason: 'not-dicom', message: UNSUPPORTED });
    const named = await classifyFile({ name: 'r_cc.png', blob: craft() }, { contactEmail: CONTACT, requireDcmExtension: true });
    expect(named.result).toMatchObject({ ok: false, message: UNSUPPORTED, detail: 'Only .dcm files can be used.' });
    expect(named.bytesRead).toBe(0);
  });

  it('a file that ends before the view tags is judged on what it had', async () => {
    const whole = new Uint8Array(await craft().arrayBuffer());
    const cut = new Blob([whole.slice(0, 400)]);
    const f = await classifyFile({ name: 'cut.dcm', blob: cut }, { contactEmail: CONTACT });
    expect(f.result.ok).toBe(false);
    expect(f.bytesRead).toBe(400);
  });
});

describe('classifying a set of picked files', () => {
  it('puts four files on the four views whatever their order', async () => {
    const files = [
      { name: 'd.dcm', blob: craft({ laterality: 'L', viewPosition: 'MLO' }) },
      { name: 'b.dcm', blob: craft({ laterality: 'R', viewPosition: 'MLO' }, 'implicit-le') },
      { name: 'c.dcm', blob: craft({ laterality: 'L', viewPosition: 'CC' }) },
      { name: 'a.dcm', blob: craft({ laterality: 'R', viewPosition: 'CC' }) },
    ];
    const { study } = await classifyPicked(files, { contactEmail: CONTACT, requireDcmExtension: true });
    expect(study.ready).toBe(true);
    expect(study.assigned).toEqual({ r_cc: 'a.dcm', r_mlo: 'b.dcm', l_cc: 'c.dcm', l_mlo: 'd.dcm' });
  });

  it('says which view is doubled and which are missing, and lists rejected files', async () => {
    const files = [
      { name: 'one.dcm', blob: craft() },
      { name: 'two.dcm', blob: craft() },
      { name: 'ct.dcm', blob: craft({ sopClass: 'ct', modality: 'CT' }) },
      { name: 'scan.png', blob: craft() },
    ];
    const { study } = await classifyPicked(files, { contactEmail: CONTACT, requireDcmExtension: true });
    expect(study.ready).toBe(false);
    expect(study.messages).toEqual(['Two files are R-CC views.', 'Missing: R-MLO, L-CC, L-MLO.']);
    expect(study.rejected.map((r) => r.name).sort()).toEqual(['ct.dcm', 'scan.png']);
  });
});
