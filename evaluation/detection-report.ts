/**
 * Detection on generated phantom studies (issue 6): for each seed a study with an inserted mass or
 * calcification cluster and the same study without it, through DICOM and the engine. Prints
 * sensitivity (top region of a lesion view overlaps the lesion), the share of studies scored
 * higher with the lesion, and false candidates per image (reported regions overlapping no lesion).
 * Run: npx tsx evaluation/detection-report.ts [--studies 40] [--width 1110] [--first-seed 1] [--out file.json]
 *      npx tsx evaluation/detection-report.ts --merge a.json --merge b.json   (summary of split runs)
 * The phantoms are a sanity check; the detection weights and references come from real films
 * (npm run train:detection).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { lesionStudy, phantomSize, summarise, type LesionStudyOutcome } from './phantom-eval';

const { values } = parseArgs({
  options: {
    studies: { type: 'string', default: '40' },
    // 0.21 mm pixels: analysed on the same grids as a full-field mammogram (and as the training).
    width: { type: 'string', default: '1110' },
    'first-seed': { type: 'string', default: '1' },
    /** Write the per-study outcomes as JSON (to split a long run over processes). */
    out: { type: 'string' },
    /** Only summarise outcome files written by --out. */
    merge: { type: 'string', multiple: true },
  },
});
const studies = Number(values.studies);
const size = phantomSize(Number(values.width));
const first = Number(values['first-seed']);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

const t0 = performance.now();
const outcomes: LesionStudyOutcome[] = (values.merge ?? []).flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as LesionStudyOutcome[]);
if (values.merge) console.log(`${outcomes.length} studies from ${values.merge.join(', ')}`);
else console.log(`${studies} phantom studies (half masses, half calcification clusters), ${size.width}x${size.height} px, each with its lesion-free twin`);
if (!values.merge) console.log('seed kind  lesion views: top hit / any hit | score with / without | false regions (with, without)');
for (let i = 0; i < (values.merge ? 0 : studies); i++) {
  const seed = first + i;
  const kind = i % 2 === 0 ? 'mass' : 'calcification';
  const o = await lesionStudy(seed, kind, size);
  outcomes.push(o);
  const lv = o.views.filter((v) => v.lesion);
  console.log(
    `${String(seed).padStart(4)} ${kind.slice(0, 4)}  ${lv.map((v) => `${v.key} ${v.topHit ? 'top' : v.anyHit ? 'any' : 'miss'}(${v.topKind})`).join(', ')}` +
      ` | ${o.score.toFixed(3)} / ${o.cleanScore.toFixed(3)}` +
      ` | ${o.views.reduce((s, v) => s + v.falseRegions, 0)}, ${o.cleanViews.reduce((s, v) => s + v.falseRegions, 0)}`,
  );
}
if (values.out) writeFileSync(values.out, JSON.stringify(outcomes));
const elapsed = (performance.now() - t0) / 1000;
for (const [label, subset] of [
  ['all', outcomes],
  ['masses', outcomes.filter((o) => o.kind === 'mass')],
  ['calcification clusters', outcomes.filter((o) => o.kind === 'calcification')],
] as const) {
  const s = summarise([...subset]);
  console.log(`\n${label}: ${s.studies} studies, ${s.lesionViews} lesion views, ${s.images} images`);
  console.log(`  sensitivity (top region overlaps the lesion): ${pct(s.sensitivityTop)}`);
  console.log(`  sensitivity (any reported region overlaps):   ${pct(s.sensitivityAny)}`);
  console.log(`  study score higher with the lesion:           ${pct(s.scoreHigher)}`);
  console.log(`  false candidates per image (all reported regions): ${s.falsePerImage.toFixed(2)}`);
  console.log(`  false candidates per image (score >= 0.5):         ${s.falsePerImageOver05.toFixed(2)}`);
}
console.log(`\n(${elapsed.toFixed(0)} s)`);
