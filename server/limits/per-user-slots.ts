/**
 * A few things one person may have going at once in this process (uploads, live task updates):
 * each one holds a slot until it ends. Nothing else bounded them, so one signed-in account could
 * open thousands of event streams (every one a socket and a file descriptor of the server) or
 * stream dozens of 800 MB studies to disk side by side. The count lives in memory: each API
 * process counts its own, and a process that restarts starts from none.
 */
export interface PerUserSlots {
  /** A slot for `userId`, or null when all `max` are taken; the function gives it back (once). */
  take(userId: string): (() => void) | null;
}

export function perUserSlots(max: number): PerUserSlots {
  const taken = new Map<string, number>();
  return {
    take(userId) {
      const now = taken.get(userId) ?? 0;
      if (now >= max) return null;
      taken.set(userId, now + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (taken.get(userId) ?? 1) - 1;
        if (left > 0) taken.set(userId, left);
        else taken.delete(userId);
      };
    },
  };
}
