import { i18next, msg, t } from '../i18n';

/**
 * Messages written in English with a value inside, by the contract's rules (core/contract), the
 * DICOM worker (core/dicom, core/validation.ts) and the server (validation, login throttle,
 * upload path): each as a template whose {{name}} stands for the value. In English a template
 * with its values put back gives the message word for word; the producer's English must stay
 * as written here (tests/unit/submit-messages.test.ts checks the upload path's).
 */
const TEMPLATES: readonly string[] = [
  // core/contract/demo.ts
  msg('Unknown field in data: {{keys}}'),
  // core/validation.ts unsupportedFileMessage (browser and server)
  msg('Unsupported file format, contact us at {{email}} for help.'),
  // server/http/validation-messages.ts
  msg('Please use at least {{n}} characters.'),
  msg('Please use at most {{n}} characters.'),
  msg('Please enter {{n}} or more.'),
  msg('Please enter {{n}} or less.'),
  msg('Please give at least {{n}}.'),
  msg('Please give at most {{n}}.'),
  msg('Please choose one of: {{values}}.'),
  msg('This is not something you can change here: {{keys}}.'),
  // server/services/throttle.service.ts
  msg('Too many failed logins. Please wait {{n}} seconds and try again.'),
  msg('Too many failed logins. Please wait {{n}} minutes and try again.'),
  msg('Too many wrong passwords. Please wait {{n}} seconds and try again.'),
  msg('Too many wrong passwords. Please wait {{n}} minutes and try again.'),
  // core/dicom/classify.ts
  msg('The SOP class {{uid}} is not a mammogram or secondary capture image.'),
  msg('The laterality {{value}} is neither R nor L.'),
  msg('The view position {{value}} is neither CC nor MLO.'),
  msg('{{count}} files are {{view}} views.'),
  msg('Missing: {{views}}.'),
  // server/submissions/intake.service.ts
  msg("You've reached the maximum number of submissions. If you would like to submit more images, please contact us at {{email}}."),
  msg('Submissions are currently not open to the public. If you would like to try the service, send us an email to {{email}}.'),
  // server/submissions/classify-upload.ts
  msg('The file sent as {{sent}} is an {{view}} view.'),
  msg('The compressed data of this file inflates to more than its {{image}} image needs.'),
  msg("The header of this file holds more than {{n}} data elements; a mammogram's holds a few hundred. Please send the file as the scanner or archive exported it."),
  // server/submissions/four-views.ts (409 from the image store)
  msg('{{view}}: Another image with the same patient, study, series and instance UIDs is already stored; each image needs UIDs of its own.'),
  msg('ai_model must be {{model}}'),
  // server/submissions/multipart.ts
  msg('The file for {{field}} is larger than {{bytes}} bytes.'),
  msg('The file for {{field}} was sent twice: one file per field.'),
  msg('Too many files: at most {{n}}.'),
  msg('Unexpected file field "{{field}}": the files go under {{fields}}.'),
  msg('A file part has no field name: the files go under {{fields}}.'),
  // The engine's notes on a result, as the printed report shows them (features/results/engine-notes.ts:
  // fields and views in words): server/analysis/assemble.ts, risk/bcrat.ts, image/view.ts
  msg("Risk factors not given take BCRAT's reference category: {{fields}}"),
  msg('Age at first period ({{age}}) is after the current age: treated as unknown'),
  msg('Age at first birth ({{age}}) is inconsistent with the age or the first period: treated as unknown'),
  msg('Atypical hyperplasia is used only with at least one biopsy (BCRAT): not used'),
  msg("The {{side}} breast's density comes from {{view}} only"),
  msg('{{view}}: no pixel spacing in the file; 0.1 mm assumed'),
  msg('{{view}}: the pixels put the chest wall on the {{side}}, not where the header implies'),
  msg('{{view}}: a bright strip along the film edge ({{n}} rows) is not breast'),
  msg('{{view}}: {{n}} label or marker object(s) outside the breast ignored'),
  msg('{{view}}: pectoral muscle not found ({{reason}}); none removed'),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern matching the whole text, with the names of its values in order. */
const PATTERNS = TEMPLATES.map((template) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { template, names, re: new RegExp(`^${source}$`, 's') };
});

/**
 * A value inside a message, itself translated when the catalog knows it ("Two", "(missing)"), or
 * a list ("race, biopsies") whose every item it knows.
 */
const value = (v: string) => {
  if (i18next.exists(v)) return t(v);
  const items = v.split(', ');
  return items.length > 1 && items.every((item) => i18next.exists(item)) ? items.map((item) => t(item)).join(', ') : v;
};

/**
 * A message of the contract's rules, the DICOM worker or the server (an error `detail`, a failed
 * task's reason), English as they write it, in the current language: its own translation, else a
 * template's with the values put back; several joined with ' · ' each in turn. A message nobody
 * translated stays English. Call it while rendering (in a component that uses useT()) or in an
 * event, never at module load.
 */
export function translateMessage(text: string): string {
  if (text.includes(' · ')) return text.split(' · ').map(translateMessage).join(' · ');
  if (i18next.exists(text)) return t(text);
  for (const { template, names, re } of PATTERNS) {
    const m = re.exec(text);
    if (m) return t(template, Object.fromEntries(names.map((name, i) => [name, value(m[i + 1])])));
  }
  return text;
}

/** translateMessage for a text that may be absent (a reason the server did not give). */
export function translateOptional(text: string | null | undefined): string | null | undefined {
  return text ? translateMessage(text) : text;
}
