/**
 * `npm run bench`: runs every bench/*.bench.ts one after another and prints their figures;
 * `npm run bench -- api fuzz` only the parts whose names hold one of the words; `--help` lists them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** What each part measures; a part not named here is summed up by its opening comment. */
const PARTS: Record<string, string> = {
  analysis: 'image analysis time and peak memory per full-field four-view study',
  'api-fuzz': 'over 10,000 generated requests against the server: 5xx and unanswered counts, memory',
  api: 'GET /users/me throughput and latency next to a bare node:http server; login latency',
  classify: 'classifying four 50 MB DICOM files in Chromium, as /submit does',
  'deflate-bomb': "a Deflated upload that inflates to 1 GB: the server's event-loop delay and memory",
  dicomweb: 'WADO-RS frame throughput of a full-field JPEG 2000 study',
  'login-page': 'JavaScript loaded and time to first render of /login in Chromium',
  phantom: 'time and peak memory to write one synthetic full-field four-view study',
  pipeline: "a study's decode, display PNG and analysis per encoding, threads against one thread",
};

const only = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
if (only.includes('--help') || only.includes('-h')) {
  console.log('npm run bench [-- PART ...]: runs every part, or those whose names hold a PART. The parts:');
  for (const f of all) console.log(`  ${f.replace(/\.bench\.ts$/, '').padEnd(13)} ${summary(f)}`);
  process.exit(0);
}
const files = all.filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit' });
  if (res.status !== 0) {
    failed++;
    console.log(`(${f} exited with ${res.status})`);
  }
}
process.exit(failed ? 1 : 0);

function summary(file: string): string {
  const name = file.replace(/\.bench\.ts$/, '');
  if (PARTS[name]) return PARTS[name];
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
  const text = comment.replace(/^\s*\* ?/gm, '').replace(/\s+/g, ' ').trim();
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}
