// Loaded into a server process by the benches (NODE_OPTIONS=--import): on SIGUSR2 it prints the
// longest event-loop delay since the previous SIGUSR2, in ms, and starts counting afresh.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('SIGUSR2', () => {
  process.stdout.write(`event-loop-max-ms ${(histogram.max / 1e6).toFixed(2)}\n`);
  histogram.reset();
});
