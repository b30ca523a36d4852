import { readFileSync } from 'node:fs';
import { Server } from 'node:http';

/**
 * The connections the server holds at once. Each is a file descriptor, and the process has a
 * limit on those (`ulimit -n`, often 1024): an audit held about 1,000 idle connections open (no
 * account needed, a request line and nothing more, renewed every minute) and the process could
 * open nothing else: the health check's test file failed, uploads could not be written, and the
 * worker's memory check threw EMFILE and ended the process. Past the cap Node closes a new
 * connection as soon as it is accepted, so the descriptors the files, the database and the
 * processing threads need stay free; the connections already open (an upload on its way, a page
 * waiting for its task) carry on.
 */
export function applyConnectionLimit(server: unknown, configured: number | null, log: (msg: string) => void = console.log): number {
  if (!(server instanceof Server)) return 0;
  const max = configured ?? defaultConnectionLimit(openFilesLimit());
  if (max <= 0) return 0;
  server.maxConnections = max;
  let lastLogged = 0;
  server.on('drop', () => {
    // Once a minute at most: a flood of refused connections must not flood the log too.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    log(`${max} connections are open (MAX_CONNECTIONS): new connections are refused until some close`);
  });
  return max;
}

/** Half the open-files limit: the other half stays for files, the database and threads (0: no limit known). */
export function defaultConnectionLimit(openFiles: number | null): number {
  return openFiles === null ? 0 : Math.floor(openFiles / 2);
}

/** The process's soft limit on open files, from /proc/self/limits (Linux); null where it cannot be read. */
export function openFilesLimit(limits = readLimits()): number | null {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits ?? '')?.[1];
  return soft && soft !== 'unlimited' ? Number(soft) : null;
}

function readLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}
