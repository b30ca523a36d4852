import { SignJWT, jwtVerify } from 'jose';

/** Verified tokens remembered at most (the oldest is forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signed (HS256) access tokens carrying the user id, with an expiry. */
export function accessTokens(secret: string, minutes: number) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: importing the secret on every request costs more than the HMAC itself.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A token's signature never changes its verdict and its expiry is inside it, so a verified token
  // is remembered (with its expiry) and the next request with it skips the signature check, which
  // is most of the cost of an authenticated request. Refused tokens are not remembered.
  const verified = new Map<string, { sub: string; expiresAt: number }>();
  return {
    async issue(userId: string): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(await key);
    },
    /** The user id, or null when the token is malformed, forged or expired. */
    async verify(token: string): Promise<string | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.sub;
        verified.delete(token);
        return null;
      }
      try {
        // Every token this server issues expires; one that does not is not ours to honour.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { sub: payload.sub, expiresAt: payload.exp * 1000 });
        return payload.sub;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
