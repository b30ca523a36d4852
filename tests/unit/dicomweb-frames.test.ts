/**
 * What DICOMweb serves from a stored file, in every transfer syntax a submission may use: the
 * DICOM JSON model (laterality, view, implicit-VR files read through the dictionary) and frame 1,
 * stored and uncompressed; the QIDO matching rules.
 */
import { describe, expect, it } from 'vitest';
import { makeStudyWithFiles } from '../fixtures/studies';
import { toDeflated } from '../fixtures/deflated';
import { parseDicomFile } from '../../server/dicom/decode';
import { storedFrame, uncompressedFrame, EXPLICIT_VR_LITTLE_ENDIAN } from '../../server/dicom/frames';
import { matchesKey, tagOf, toDicomJson, TAG, type DicomJson } from '../../server/dicom/dicom-json';
import { TRANSFER_SYNTAXES, TRANSFER_SYNTAX_NAMES } from '../../server/dicom/writer';

describe('DICOMweb frames and metadata of stored files', () => {
  for (const syntax of [...TRANSFER_SYNTAX_NAMES, 'deflated'] as const) {
    it(`reads ${syntax}: laterality and view, and frame 1 equal to the pixels written`, async () => {
      const { study, files } = await makeStudyWithFiles({ seed: 5, transferSyntax: syntax === 'deflated' ? 'explicit-le' : syntax });
      const bytes = syntax === 'deflated' ? toDeflated(files.l_mlo) : files.l_mlo;
      const ds = await parseDicomFile(bytes);
      const json = toDicomJson(ds, 'http://x/frames/1');
      expect(json[TAG.ImageLaterality]).toEqual({ vr: 'CS', Value: ['L'] });
      expect(json[TAG.ViewPosition]).toEqual({ vr: 'CS', Value: ['MLO'] });
      expect(json[TAG.Rows]).toEqual({ vr: 'US', Value: [study.views.l_mlo.height] });
      expect(json[TAG.PatientName]?.Value).toEqual([{ Alphabetic: study.patient.name }]);
      expect(json[TAG.PixelData]?.BulkDataURI).toBe('http://x/frames/1');
      expect(Object.keys(json).some((t) => t.startsWith('0002'))).toBe(false);

      const raw = await uncompressedFrame(ds);
      expect(raw.transferSyntax).toBe(EXPLICIT_VR_LITTLE_ENDIAN);
      expect(new Uint16Array(raw.bytes.slice().buffer)).toEqual(study.views.l_mlo.pixels);
      const stored = storedFrame(ds);
      const native = syntax === 'explicit-le' || syntax === 'implicit-le' || syntax === 'deflated';
      expect(stored.transferSyntax).toBe(native ? EXPLICIT_VR_LITTLE_ENDIAN : TRANSFER_SYNTAXES[syntax]);
      if (native) expect(Buffer.from(stored.bytes)).toEqual(Buffer.from(raw.bytes));
      else expect(stored.bytes.length).toBeLessThan(raw.bytes.length);
    });
  }

  it('matches QIDO keys: UID lists, date ranges, wildcards, case-insensitive names', () => {
    const json: DicomJson = {
      [TAG.StudyInstanceUID]: { vr: 'UI', Value: ['1.2.3'] },
      [TAG.StudyDate]: { vr: 'DA', Value: ['20250115'] },
      [TAG.PatientID]: { vr: 'LO', Value: ['PH-0001'] },
      [TAG.PatientName]: { vr: 'PN', Value: [{ Alphabetic: 'Phantom^Anna' }] },
      [TAG.ModalitiesInStudy]: { vr: 'CS', Value: ['MG'] },
    };
    expect(matchesKey(json, TAG.StudyInstanceUID, '9.9,1.2.3')).toBe(true);
    expect(matchesKey(json, TAG.StudyInstanceUID, '1.2')).toBe(false);
    expect(matchesKey(json, TAG.StudyDate, '20250101-20250131')).toBe(true);
    expect(matchesKey(json, TAG.StudyDate, '-20241231')).toBe(false);
    expect(matchesKey(json, TAG.StudyDate, '20250115')).toBe(true);
    expect(matchesKey(json, TAG.PatientID, 'PH-*')).toBe(true);
    expect(matchesKey(json, TAG.PatientID, 'PH-0002')).toBe(false);
    expect(matchesKey(json, TAG.PatientName, 'phantom^*')).toBe(true);
    expect(matchesKey(json, TAG.ModalitiesInStudy, 'CT\\MG')).toBe(true);
    expect(matchesKey(json, TAG.ModalitiesInStudy, 'CT')).toBe(false);
    expect(matchesKey(json, TAG.AccessionNumber, '')).toBe(true);
    expect(tagOf('PatientName')).toBe('00100010');
    expect(tagOf('0020000d')).toBe('0020000D');
    expect(tagOf('NoSuchKeyword')).toBeNull();
  });
});
