import { execFile, execFileSync } from 'node:child_process';
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** What generated the load: wrk (C, one thread) when it is installed, else Node's own client. */
  generator: 'wrk' | 'node';
}

/** True when Debian's wrk is on the PATH (`apt-get install wrk`). */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its usage; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Load from wrk, one thread: Node's own HTTP client costs more CPU per request than a small
 * server does, so on two cores it, not the server, would set the pace and the ratio to a bare
 * server would read about 1 whatever the server did.
 */
export function load(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  return hasWrk() ? loadWithWrk(url, opts) : loadWithNode(url, opts);
}

function loadWithWrk(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, (err, out) => {
      if (err) return reject(err);
      const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
      const ms = (label: string) => {
        const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
        if (!m) return NaN;
        return Number(m[1]) * (m[2] === 'us' ? 1e-3 : m[2] === 's' ? 1e3 : 1);
      };
      const requests = num(/(\d+) requests in/);
      const non2xx = num(/Non-2xx or 3xx responses: (\d+)/);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = (Number.isNaN(non2xx) ? 0 : non2xx) + (socket ? socket.slice(1).reduce((s, x) => s + Number(x), 0) : 0);
      resolve({ requests, errors, seconds: opts.seconds, rps: num(/Requests\/sec:\s+([\d.]+)/), p50: ms('50'), p99: ms('99'), generator: 'wrk' });
    });
  });
}

/**
 * A closed-loop load generator: `connections` keep-alive clients each send the next request as
 * soon as the previous answer arrives, for `seconds`. Latencies in milliseconds.
 */
async function loadWithNode(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < end) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), generator: 'node' };
}
