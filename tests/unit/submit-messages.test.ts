import { describe, expect, it } from 'vitest';
import { classifyHeader, STUDY_MESSAGES, type HeaderInfo } from '../../core/dicom/classify';
import { unsupportedFileMessage } from '../../core/validation';
import { limitReachedMessage, notOpenMessage } from '../../server/submissions/intake.service';
import { headerTooLargeMessage } from '../../server/submissions/classify-upload';
import { unexpectedFileFieldMessage } from '../../server/submissions/multipart';
import { setLanguage } from '../../src/i18n';
import { translateMessage } from '../../src/lib/messages';

/** The messages about picked and sent files, as their producers write them (English). */
function produced(): string[] {
  const info: HeaderInfo = {
    transferSyntaxUid: null,
    sopClassUid: '1.2.840.10008.5.1.4.1.1.1.2',
    modality: 'MG',
    laterality: 'X',
    viewPosition: 'CC',
    patientId: null,
    patientName: null,
    patientBirthDate: null,
    studyDate: null,
    studyInstanceUid: null,
  };
  const reject = (h: Parameters<typeof classifyHeader>[0]) => {
    const c = classifyHeader(h);
    if (c.ok) throw new Error('expected a rejection');
    return c.detail;
  };
  return [
    unsupportedFileMessage('help@example.org'),
    reject({ dicom: false, complete: true, info: null, bytesRead: 200 }),
    reject({ dicom: true, complete: true, info: { ...info, sopClassUid: null }, bytesRead: 200 }),
    reject({ dicom: true, complete: true, info, bytesRead: 200 }),
    reject({ dicom: true, complete: true, info: { ...info, laterality: 'R', viewPosition: 'XCC' }, bytesRead: 200 }),
    STUDY_MESSAGES.doubled('r_cc', 2),
    STUDY_MESSAGES.missing(['r_mlo', 'l_cc']),
    STUDY_MESSAGES.mixedStudies,
    limitReachedMessage('help@example.org'),
    notOpenMessage('help@example.org'),
    unexpectedFileFieldMessage('x', ['r_cc', 'l_cc']),
    headerTooLargeMessage(),
  ];
}

describe('the submit pages translate the DICOM worker and upload messages (src/lib/messages.ts)', () => {
  it('leaves each message word for word in English', () => {
    for (const text of produced()) expect(translateMessage(text)).toBe(text);
  });

  it('translates each one into Swedish, its values kept', async () => {
    await setLanguage('sv');
    try {
      const sv = produced().map(translateMessage);
      produced().forEach((text, i) => expect(sv[i], text).not.toBe(text));
      expect(sv[0]).toContain('help@example.org');
      expect(sv[2]).toContain('(saknas)');
      expect(sv[5]).toBe('Två filer är R-CC-bilder.');
      expect(sv[6]).toBe('Saknas: R-MLO, L-CC.');
    } finally {
      await setLanguage('en');
    }
  });
});
