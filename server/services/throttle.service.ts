import type { ThrottleConfig } from '../config';
import { ApiError } from '../errors';
import type { CounterId, DelayRule, ThrottleRepository } from '../db/repositories/throttle.repository';

const HOUR_MS = 3600_000;
const SWEEP_EVERY_MS = 60_000;

export interface ThrottleDeps {
  config: ThrottleConfig;
  counters: ThrottleRepository;
  now: () => Date;
}

function seconds(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
}

function waitText(wait: number): string {
  return wait < 90 ? `${wait} second${wait === 1 ? '' : 's'}` : `${Math.ceil(wait / 60)} minutes`;
}

export function tooManyLogins(wait: number): ApiError {
  return new ApiError(429, `Too many failed logins. Please wait ${waitText(wait)} and try again.`, { 'Retry-After': String(wait) });
}

export function tooManyWrongPasswords(wait: number): ApiError {
  return new ApiError(429, `Too many wrong passwords. Please wait ${waitText(wait)} and try again.`, { 'Retry-After': String(wait) });
}

export const TOO_MANY_REQUESTS = 'Too many requests from your network. Please try again later.';
/** Not her network's doing: her account, or the address she asked for, had its links for the hour. */
export const TOO_MANY_EMAIL_CHANGES = 'Too many confirmation mails were asked for this change of address. Please try again in an hour.';

/**
 * Throttling that slows a guesser, not an account's owner. Failed logins count three ways: per
 * account (capped low, so its owner, from anywhere, waits at most a minute), per client at that
 * account, and per client over all accounts (both capped high: one address trying many passwords
 * or many accounts ends up waiting minutes per attempt). Sign-ups and recoveries count requests
 * per client (and recoveries per address) in hourly windows. The counters are rows in the
 * database, so every API process shares them. A wrong current password (changing the e-mail
 * address or the password while signed in) counts as a failed login of that account: a stolen
 * session must not become a free password guesser.
 */
export function throttleService({ config, counters, now }: ThrottleDeps) {
  const account: DelayRule = {
    free: config.loginFreeFailures,
    baseMs: 1000,
    capMs: config.loginAccountMaxDelaySeconds * 1000,
    forgetMs: Math.max(HOUR_MS, 2 * config.loginAccountMaxDelaySeconds * 1000),
  };
  const clientAtAccount: DelayRule = { ...account, capMs: config.loginClientMaxDelaySeconds * 1000, forgetMs: Math.max(24 * HOUR_MS, 2 * config.loginClientMaxDelaySeconds * 1000) };
  const client: DelayRule = { ...clientAtAccount, free: config.loginClientFreeFailures };
  let lastSweep = 0;

  const loginCounters = (email: string, address: string) => ({
    account: { scope: 'login:account', key: email },
    clientAtAccount: { scope: 'login:client-account', key: `${address} ${email}` },
    client: { scope: 'login:client', key: address },
  });

  /** Old rows go at most once a minute per process, on a write. */
  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await counters.sweep(at);
  }

  async function window(id: CounterId, max: number, message = TOO_MANY_REQUESTS): Promise<void> {
    const at = now();
    await sweep(at);
    const { hits, windowEnds } = await counters.hitWindow(id, HOUR_MS, at);
    if (hits > max) throw new ApiError(429, message, { 'Retry-After': String(seconds(windowEnds.getTime(), at.getTime())) });
  }

  /** Counts a hit; false once the window holds more than `max`. */
  async function withinWindow(id: CounterId, max: number): Promise<boolean> {
    const at = now();
    await sweep(at);
    const { hits } = await counters.hitWindow(id, HOUR_MS, at);
    return hits <= max;
  }

  /** Seconds the login's counters still make this account or client wait, or null. */
  async function loginWait(email: string, address: string): Promise<number | null> {
    const at = now();
    const ids = loginCounters(email, address);
    const until = await counters.blockedUntil([ids.account, ids.clientAtAccount, ids.client], at);
    return until ? seconds(until.getTime(), at.getTime()) : null;
  }

  async function failed(email: string, address: string): Promise<void> {
    const at = now();
    await sweep(at);
    const ids = loginCounters(email, address);
    await Promise.all([
      counters.recordFailure(ids.account, account, at),
      counters.recordFailure(ids.clientAtAccount, clientAtAccount, at),
      counters.recordFailure(ids.client, client, at),
    ]);
  }

  /**
   * The right password clears the account's counter and this client's at this account. The
   * client's count over all accounts stays: logging into an account of one's own must not reset it.
   */
  async function succeeded(email: string, address: string): Promise<void> {
    const ids = loginCounters(email, address);
    await counters.clear([ids.account, ids.clientAtAccount]);
  }

  return {
    /** 429 while any of the login's counters makes it wait: the password is not even checked then. */
    async beforeLogin(email: string, address: string): Promise<void> {
      const wait = await loginWait(email, address);
      if (wait) throw tooManyLogins(wait);
    },

    loginFailed: failed,

    loginSucceeded: succeeded,

    /**
     * `check` (the current password of a signed-in user) under the login's counters: 429 while they
     * make the account or client wait, without checking; a wrong password counts as a failed login.
     */
    async checkPassword(email: string, address: string, check: () => Promise<boolean>): Promise<boolean> {
      const wait = await loginWait(email, address);
      if (wait) throw tooManyWrongPasswords(wait);
      const right = await check();
      await (right ? succeeded(email, address) : failed(email, address));
      return right;
    },

    async signup(address: string): Promise<void> {
      await window({ scope: 'signup:client', key: address }, config.signupsPerHour);
    },

    /**
     * Per client (429 beyond), and per address so one mailbox is not flooded with reset mails: past
     * that count the answer is the same and no mail goes (false). A 429 there would let anyone lock
     * an account's owner out of her own recovery for an hour, and blame her network for it.
     */
    async recovery(email: string, address: string): Promise<boolean> {
      await window({ scope: 'recovery:client', key: address }, config.recoveriesPerClientPerHour);
      return withinWindow({ scope: 'recovery:email', key: email }, config.recoveriesPerHour);
    },

    /**
     * A request to move an account to a new address mails a link there: per client and per account
     * (429 beyond, as many as recoveries), and per new address (no more mails to a mailbox that is
     * not the account's, whoever asks), so the server is no one's way to flood a stranger's mailbox.
     */
    async emailChange(userId: string, newEmail: string, address: string): Promise<void> {
      await window({ scope: 'email-change:client', key: address }, config.recoveriesPerClientPerHour);
      await window({ scope: 'email-change:account', key: userId }, config.recoveriesPerHour, TOO_MANY_EMAIL_CHANGES);
      await window({ scope: 'email-change:email', key: newEmail }, config.recoveriesPerHour, TOO_MANY_EMAIL_CHANGES);
    },
  };
}
export type Throttle = ReturnType<typeof throttleService>;
