import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ViewKey } from '../../core/contract';

/**
 * The browser's own store (IndexedDB through idb): files picked for upload, the submission outbox
 * and the persisted query cache. Everything here survives a reload and a closed tab.
 */

export interface StagedSet {
  files: File[];
  savedAt: number;
}

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface OutboxItem {
  id: string;
  /** Sent as Idempotency-Key: the server creates and counts the submission once, however often it is sent. */
  key: string;
  userId: string;
  createdAt: number;
  files: Record<ViewKey, File>;
  state: OutboxState;
  attempts: number;
  totalBytes: number;
  taskId?: string;
  sentAt?: number;
  /** Why the server refused it (state 'failed'), in words for people. */
  error?: string;
}

export interface PersistedCache {
  timestamp: number;
  buster: string;
  clientState: unknown;
}

/** The access token, mirrored from local storage for the service worker, which cannot read it. */
export interface MirroredSession {
  token: string;
}

interface OfflineDb extends DBSchema {
  staged: { key: string; value: StagedSet };
  outbox: { key: string; value: OutboxItem; indexes: { byUser: string } };
  cache: { key: string; value: PersistedCache };
  session: { key: string; value: MirroredSession };
}

const NAME = 'smart-density';
let db: Promise<IDBPDatabase<OfflineDb>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  db ??= openDB<OfflineDb>(NAME, 2, {
    upgrade(d, oldVersion) {
      if (oldVersion < 1) {
        d.createObjectStore('staged');
        d.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byUser', 'userId');
        d.createObjectStore('cache');
      }
      if (oldVersion < 2) d.createObjectStore('session');
    },
    // A newer version of the app (another tab, or the service worker) wants to upgrade: let it,
    // and open again on the next use rather than holding it up.
    blocking() {
      const open = db;
      db = null;
      void open?.then((connection) => connection.close());
    },
  });
  return db;
}
