import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Verified tokens remembered at most (the oldest is forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

/** What a valid token says: its user, the user's token version when it was issued, and its own id. */
export interface TokenClaims {
  userId: string;
  /** Compared with the user's current token_version: a new password makes older tokens invalid. */
  version: number;
  /**
   * The SHA-256 of the token, the key under which logging out revokes it. A viewer token's is its
   * session's (the access token that asked for it), so logging out of that session ends it too.
   */
  tokenId: string;
  expiresAt: Date;
  /**
   * Set on a viewer token only: the one study whose images it may read through DICOMweb. Such a
   * token travels in a URL (the viewer frame's `token`), so it lives minutes and opens nothing else.
   */
  studyInstanceUid?: string;
}

/** The `scope` claim of a viewer token; a token without it is a full access token. */
export const VIEWER_SCOPE = 'dicomweb-study';
/** Lifetime of a viewer token: long enough for a viewer to open a study, short enough to leak little. */
export const VIEWER_TOKEN_MINUTES = 5;

export function accessTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Signed (HS256) access tokens carrying the user id and token version, with an expiry. */
export function accessTokens(secret: string, minutes: number) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: importing the secret on every request costs more than the HMAC itself.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A token's signature never changes its verdict and its expiry is inside it, so a verified token
  // is remembered (with its expiry) and the next request with it skips the signature check, which
  // is most of the cost of an authenticated request. Refused tokens are not remembered. Whether the
  // token was revoked since is the user's state, checked by the caller on every request.
  const verified = new Map<string, TokenClaims>();
  return {
    async issue(userId: string, version = 0): Promise<string> {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        // Two logins within the same second are two sessions: each token is unique, so logging out revokes one.
        .setJti(randomUUID())
        .setExpirationTime(`${minutes}m`)
        .sign(await key);
    },
    /**
     * A viewer token: reads one study's images through DICOMweb for `minutes`, refused everywhere
     * else, and only while the session `sessionId` (the asking token's accessTokenId) is not logged out.
     */
    async issueViewer(userId: string, version: number, studyInstanceUid: string, viewerMinutes: number, sessionId: string): Promise<string> {
      return new SignJWT({ ver: version, scope: VIEWER_SCOPE, study: studyInstanceUid, ses: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${viewerMinutes}m`)
        .sign(await key);
    },
    /** A full access token's claims, or null when the token is malformed, forged, expired or a viewer token. */
    async verify(token: string): Promise<TokenClaims | null> {
      const claims = await verifyAny(token);
      return claims && claims.studyInstanceUid === undefined ? claims : null;
    },
    /** A viewer token's claims (with its study), or null for anything else, a full access token included. */
    async verifyViewer(token: string): Promise<(TokenClaims & { studyInstanceUid: string }) | null> {
      const claims = await verifyAny(token);
      return claims && claims.studyInstanceUid !== undefined ? (claims as TokenClaims & { studyInstanceUid: string }) : null;
    },
  };

  async function verifyAny(token: string): Promise<TokenClaims | null> {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt.getTime()) return known;
      verified.delete(token);
      return null;
    }
    try {
      // Every token this server issues expires; one that does not is not ours to honour.
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
      // Tokens issued before versions existed count as version 0, the version every user started at.
      const version = payload.ver === undefined ? 0 : payload.ver;
      if (typeof version !== 'number' || !Number.isInteger(version)) return null;
      const claims: TokenClaims = { userId: payload.sub, version, tokenId: accessTokenId(token), expiresAt: new Date(payload.exp * 1000) };
      // A scope this server does not know is refused, never read as a full token.
      if (payload.scope !== undefined) {
        if (payload.scope !== VIEWER_SCOPE || typeof payload.study !== 'string' || !payload.study) return null;
        if (typeof payload.ses !== 'string' || !/^[0-9a-f]{64}$/.test(payload.ses)) return null;
        claims.studyInstanceUid = payload.study;
        claims.tokenId = payload.ses;
      }
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
export type AccessTokens = ReturnType<typeof accessTokens>;
