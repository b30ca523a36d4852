/**
 * Access tokens: a verified token is remembered for speed, but never past its expiry, and a forged
 * or foreign token is refused.
 */
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenId, accessTokens, VIEWER_TOKEN_MINUTES } from '../../server/auth/access-tokens';

const SECRET = 'a-test-secret-of-a-reasonable-length-0123456789';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('give back the user id and token version of a token they issued, again and again', async () => {
    const tokens = accessTokens(SECRET, 60);
    const t = await tokens.issue('user-1', 3);
    expect(await tokens.verify(t)).toMatchObject({ userId: 'user-1', version: 3, tokenId: accessTokenId(t) });
    expect((await tokens.verify(t))?.userId).toBe('user-1');
  });

  it('read a token issued before versions existed as version 0', async () => {
    const tokens = accessTokens(SECRET, 60);
    const old = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(old)).toMatchObject({ userId: 'user-1', version: 0 });
  });

  it('refuse a token signed with another secret, and a malformed one', async () => {
    const mine = accessTokens(SECRET, 60);
    const theirs = accessTokens('another-secret-of-a-reasonable-length-98765', 60);
    expect(await mine.verify(await theirs.issue('user-1'))).toBeNull();
    expect(await mine.verify('not.a.token')).toBeNull();
  });

  it('refuse a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const tokens = accessTokens(SECRET, 60);
    const t = await tokens.issue('user-1');
    expect((await tokens.verify(t))?.userId).toBe('user-1');
    vi.setSystemTime(new Date('2026-01-01T00:59:59Z'));
    expect((await tokens.verify(t))?.userId).toBe('user-1');
    vi.setSystemTime(new Date('2026-01-01T01:00:01Z'));
    expect(await tokens.verify(t)).toBeNull();
  });

  it('refuse a token without an expiry', async () => {
    const tokens = accessTokens(SECRET, 60);
    const forever = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(forever)).toBeNull();
  });

  it('keep viewer tokens apart: one study, minutes, never taken for a full token (issue 16, item 6)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const tokens = accessTokens(SECRET, 60);
    const session = await tokens.issue('user-1', 2);
    const viewer = await tokens.issueViewer('user-1', 2, '1.2.3.4', VIEWER_TOKEN_MINUTES, accessTokenId(session));
    const full = await tokens.issue('user-1', 2);
    // Revoked under its session's id: logging out of the session that asked for it ends it.
    expect(await tokens.verifyViewer(viewer)).toMatchObject({ userId: 'user-1', version: 2, studyInstanceUid: '1.2.3.4', tokenId: accessTokenId(session) });
    expect(await tokens.verify(viewer)).toBeNull();
    expect(await tokens.verifyViewer(full)).toBeNull();
    // A scope this server does not issue is refused by both.
    const foreign = await new SignJWT({ scope: 'admin', study: '1.2.3.4' }).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verifyViewer(foreign)).toBeNull();
    vi.setSystemTime(new Date(Date.parse('2026-01-01T00:00:01Z') + VIEWER_TOKEN_MINUTES * 60_000));
    expect(await tokens.verifyViewer(viewer)).toBeNull();
  });
});
