/**
 * Writes each real PNG exam of ../shared/data/mammograms as a folder of DICOM MG files (one per
 * view, tags from the file names), to try the product with real images. Nothing is copied into the
 * repository. Run: npx tsx scripts/wrap-real-exams.ts OUTDIR [transfer-syntax]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRealExamStudy, findRealExams, realMammogramsMissing } from '../server/corpus/real-exams';
import { TRANSFER_SYNTAX_NAMES, type TransferSyntaxName } from '../server/dicom/writer';

const [outDir, syntax = 'explicit-le'] = process.argv.slice(2);
const missing = realMammogramsMissing();
if (!outDir || !TRANSFER_SYNTAX_NAMES.includes(syntax as TransferSyntaxName) || missing) {
  console.error(missing ?? `Usage: npx tsx scripts/wrap-real-exams.ts OUTDIR [${TRANSFER_SYNTAX_NAMES.join('|')}]`);
  process.exit(2);
}
for (const exam of findRealExams()) {
  const study = await buildRealExamStudy(exam, { transferSyntax: syntax as TransferSyntaxName });
  const dir = path.join(outDir, exam.id);
  mkdirSync(dir, { recursive: true });
  for (const [key, bytes] of Object.entries(study.files)) writeFileSync(path.join(dir, `${key.toUpperCase()}.dcm`), bytes!);
  console.log(`${dir}: ${Object.keys(study.files).join(', ')}${study.mirrored.length ? ` (mirrored: ${study.mirrored.join(', ')})` : ''}`);
}
