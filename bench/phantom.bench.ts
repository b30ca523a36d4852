/**
 * Time to generate and write one full-field synthetic four-view study (4 x 3328x4096, 16 bits
 * allocated and stored, Explicit VR Little Endian, four .dcm files and truth.json on disk), and the
 * peak memory of the process doing it. Goal (issue 3): under 3 s and under 600 MB on this machine.
 * Each measurement runs in a fresh process, so peak RSS is that of one study and the first figure
 * includes the engine's warm-up, as when a person runs `npm run phantom` once.
 * Run: npm run bench -- phantom   (or: npx tsx bench/phantom.bench.ts)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransferSyntaxName } from '../server/dicom/writer';
import { writeStudyToDir } from '../server/phantom/files';
import { generateStudy } from '../server/phantom/generate';

interface ChildResult {
  runs: { generateMs: number; writeMs: number; cpuMs: number; bytes: number }[];
  peakRssMb: number;
  baselineRssMb: number;
}

async function child(width: number, height: number, runs: number, syntax: TransferSyntaxName): Promise<void> {
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phantom-bench-'));
  const out: ChildResult['runs'] = [];
  try {
    for (let r = 0; r < runs; r++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const study = generateStudy({ seed: 100 + r, width, height, density: 0.3, mass: { breast: 'right' }, calcifications: { breast: 'left' }, bitsStored: 16 });
      const t1 = performance.now();
      const written = await writeStudyToDir(study, dir, { transferSyntax: syntax });
      const t2 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      out.push({ generateMs: t1 - t0, writeMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000, bytes: written.bytes });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const result: ChildResult = { runs: out, peakRssMb: process.resourceUsage().maxRSS / 1024, baselineRssMb };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function measure(width: number, height: number, runs: number, syntax: TransferSyntaxName): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const res = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', String(width), String(height), String(runs), syntax], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`bench child exited with ${res.status}`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as ChildResult;
}

function report(label: string, r: ChildResult): void {
  console.log(label);
  r.runs.forEach((run, i) => {
    const total = (run.generateMs + run.writeMs) / 1000;
    console.log(
      `  run ${i + 1}${i === 0 ? ' (cold)' : '       '}: ${total.toFixed(2)} s  (generate ${(run.generateMs / 1000).toFixed(2)} s, encode + write ${(run.writeMs / 1000).toFixed(2)} s; CPU time ${(run.cpuMs / 1000).toFixed(2)} s; ${(run.bytes / 2 ** 20).toFixed(0)} MB of DICOM)`,
    );
  });
  console.log(`  peak RSS of the process: ${r.peakRssMb.toFixed(0)} MB (of which ${r.baselineRssMb.toFixed(0)} MB before the first study)`);
}

if (process.argv[2] === '--child') {
  const [w, h, runs, syntax] = process.argv.slice(3);
  await child(Number(w), Number(h), Number(runs), syntax as TransferSyntaxName);
} else {
  console.log('synthetic four-view study: generate + write four DICOM files and truth.json (goal: < 3 s, < 600 MB)');
  // The machine is shared: say how busy it was, since wall times scale with it.
  console.log(`  ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (1, 5, 15 min) at the start`);
  report('full field 4 x 3328x4096, 16-bit, explicit-le, fresh process, 3 studies:', measure(3328, 4096, 3, 'explicit-le'));
  report('full field 4 x 3328x4096, 16-bit, jpeg-ls (for reference), fresh process, 1 study:', measure(3328, 4096, 1, 'jpeg-ls'));
  report('large 4 x 4096x5120, 16-bit, explicit-le (for reference), fresh process, 1 study:', measure(4096, 5120, 1, 'explicit-le'));
}
