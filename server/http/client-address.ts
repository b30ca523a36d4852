import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';

/**
 * Who is asking, for throttling. Without trusted proxies (TRUST_PROXY off) it is the socket's
 * address: X-Forwarded-For is ignored, since any client can write it. Behind `hops` trusted proxies
 * each one appends the address it received the request from, so the client is the hops-th entry
 * from the right (the last one with one proxy); entries further left were written by the client
 * and are never believed. An IPv6 address stands for its /64 (one household or server holds a
 * whole /64 and could otherwise rotate through it).
 */
export function clientAddress(c: Context, hops: number): string {
  const socket = socketAddress(c);
  if (hops <= 0) return clientKey(socket);
  const forwarded = c.req
    .header('x-forwarded-for')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!forwarded || forwarded.length === 0) return clientKey(socket);
  // Fewer entries than trusted proxies: the left-most is the farthest address any proxy saw.
  return clientKey(forwarded[Math.max(0, forwarded.length - hops)]);
}

function socketAddress(c: Context): string {
  // A request that did not come through the Node server (app.request in a script) has no socket.
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!env?.incoming && !env?.server?.incoming) return 'unknown';
  return getConnInfo(c).remote.address ?? 'unknown';
}

/** The key an address counts under: IPv4 as is, IPv6 by its /64, anything else (not an address) as is, cut short. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address.slice(0, 100);
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) lies in the lower 64 bits, which are dropped anyway.
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
