/**
 * Rebuilds the reference distributions in server/analysis/reference/*.json.
 *
 *   npm run calibrate                                  density, risk, masking (from published figures)
 *   npm run calibrate -- --from-database               also detection, from a deployment's completed studies
 *   npm run calibrate -- --detection-label TEXT        how the detection scores were obtained (stored as source)
 *   npm run calibrate -- --provisional-detection       reset detection to the provisional uniform reference
 *   npm run calibrate -- --detection-only ...          rebuild only the detection reference
 *   npm run calibrate -- --out DIR ...                 write to DIR instead of server/analysis/reference
 *
 * The shipped detection and merged references are built over real films without findings by
 * `npm run train:detection` (evaluation/train-detection.ts), which needs the labelled films; rerun
 * it after changing risk or masking here, since the merged score ranks their quantiles. Without a
 * detection option the existing detection reference is kept. Every file gets a version derived
 * from its content, so a rerun with the same inputs changes nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  buildDensityReference,
  buildDetectionReference,
  buildMaskingReference,
  buildRiskReference,
  provisionalDetectionReference,
} from './calibration/build';
import { detectionScoresFromResults, loadCompletedResults } from './calibration/completed-results';
import { fitDensityPopulation } from './calibration/density-population';

export const REFERENCE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../server/analysis/reference');

function versioned<T extends { values: number[] }>(name: string, built: T): { name: string; version: string } & T {
  const hash = createHash('sha256').update(JSON.stringify(built)).digest('hex').slice(0, 10);
  return { name, version: `${name}-${hash}`, ...built };
}

function write(dir: string, name: string, content: object): void {
  writeFileSync(resolve(dir, `${name}.json`), JSON.stringify(content) + '\n');
  console.log(`wrote ${resolve(dir, `${name}.json`)}`);
}

function hasDetectionReference(dir: string): boolean {
  try {
    const current = JSON.parse(readFileSync(resolve(dir, 'detection.json'), 'utf8')) as { values?: unknown };
    return Array.isArray(current.values) && current.values.length >= 2;
  } catch {
    return false;
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export interface CalibrateHooks {
  /** Completed tasks' result JSON for --from-database (default: evaluation/calibration/completed-results.ts). */
  loadCompletedResults?: () => Promise<unknown[]>;
}

export async function calibrate(args: string[], hooks: CalibrateHooks = {}): Promise<void> {
  const started = Date.now();
  const dir = option(args, '--out') ?? REFERENCE_DIR;
  if (!args.includes('--detection-only')) {
    const pop = fitDensityPopulation();
    console.log(`density population fitted in ${Date.now() - started} ms: cut points ${pop.cutPoints.map((c) => c.toFixed(2)).join(' / ')} %PD`);
    const density = versioned('density', buildDensityReference(pop));
    const risk = versioned('risk', buildRiskReference(pop));
    const masking = versioned('masking', buildMaskingReference(pop));
    write(dir, 'density', density);
    write(dir, 'risk', risk);
    write(dir, 'masking', masking);
    console.log('merged.json kept: it is built over real films by npm run train:detection (rerun it after a change here)');
  }

  const label = option(args, '--detection-label');
  if (args.includes('--from-database')) {
    const load = hooks.loadCompletedResults ?? loadCompletedResults;
    const scores = detectionScoresFromResults(await load());
    const population = label ?? `this deployment's ${scores.study.length} completed studies`;
    write(dir, 'detection', versioned('detection', buildDetectionReference(scores, population)));
  } else if (args.includes('--provisional-detection') || !hasDetectionReference(dir)) {
    write(dir, 'detection', versioned('detection', provisionalDetectionReference()));
  } else {
    console.log('detection.json kept (no --from-database; npm run train:detection builds it from real films)');
  }
  console.log(`done in ${Date.now() - started} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  calibrate(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
