/**
 * An Orthanc of our own, started from the Debian package's binary with a generated configuration:
 * its storage and index in a temporary folder, HTTP on a free port of this machine, DICOM (C-STORE)
 * off, a generated user and password, and the DICOMweb plugin when it is installed. Used by
 * `npm run cluster`, the tests and the bench; `stop` ends it and removes its folder.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';

export interface OrthancProcess {
  url: string;
  username: string;
  password: string;
  /** Its storage folder (the DICOM files as Orthanc keeps them). */
  storageDir: string;
  process: ChildProcess;
  /** The env of an API or worker process that stores its images here. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const BINARY_CANDIDATES = ['/usr/sbin/Orthanc', '/usr/bin/Orthanc', '/usr/local/bin/Orthanc', '/usr/local/sbin/Orthanc'];

/** The Orthanc binary (ORTHANC_BINARY or the Debian package's), or null when it is not installed. */
export function orthancBinary(): string | null {
  const configured = process.env.ORTHANC_BINARY;
  if (configured) return existsSync(configured) ? configured : null;
  return BINARY_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The DICOMweb plugin of the Debian package orthanc-dicomweb, when installed. */
export function dicomwebPlugin(): string | null {
  try {
    const files = execFileSync('dpkg', ['-L', 'orthanc-dicomweb'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n');
    return files.find((f) => /DicomWeb.*\.so/.test(f) && existsSync(f)) ?? null;
  } catch {
    const known = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';
    return existsSync(known) ? known : null;
  }
}

export const ORTHANC_MISSING = 'Orthanc is not installed (apt-get install -y orthanc orthanc-dicomweb, or ORTHANC_BINARY=/path/to/Orthanc)';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

export async function startOrthanc(opts: { log?: (line: string) => void } = {}): Promise<OrthancProcess> {
  const binary = orthancBinary();
  if (!binary) throw new Error(ORTHANC_MISSING);
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-orthanc-'));
  const port = await freePort();
  const username = 'smartdensity';
  const password = randomBytes(12).toString('hex');
  const plugin = dicomwebPlugin();
  const storageDir = path.join(dir, 'storage');
  const config = {
    Name: 'smart-density',
    StorageDirectory: storageDir,
    IndexDirectory: path.join(dir, 'index'),
    StorageCompression: false,
    HttpPort: port,
    HttpServerEnabled: true,
    DicomServerEnabled: false,
    DicomPort: await freePort(),
    RemoteAccessAllowed: true,
    AuthenticationEnabled: true,
    RegisteredUsers: { [username]: password },
    HttpThreadsCount: 16,
    // Orthanc's default (1 s) closes idle connections that Node's fetch would still reuse.
    KeepAliveTimeout: 60,
    SaveJobs: false,
    StableAge: 3600,
    Plugins: plugin ? [plugin] : [],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: false },
  };
  const configFile = path.join(dir, 'orthanc.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2), { mode: 0o600 });
  const child = spawn(binary, [configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 50) lines.shift();
      opts.log?.(line);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  let exited = false;
  const exit = once(child, 'exit').then(() => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`Orthanc stopped at start:\n${lines.join('\n')}`);
    }
    const ok = await fetch(`${url}/system`, { headers: { authorization: auth }, signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Orthanc did not answer on ${url} within 30 s:\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    username,
    password,
    storageDir,
    process: child,
    env: { STORAGE: 'orthanc', ORTHANC_URL: url, ORTHANC_USERNAME: username, ORTHANC_PASSWORD: password },
    stop,
  };
}
