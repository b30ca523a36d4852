import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logoutToken } from '../api/auth';
import { currentUserQuery } from '../api/queries';
import { sessionFlags } from './flags';
import { clearToken, getToken } from './token';

/** The signed-in user with the derived flags of spec section 4. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  return { ...query, user: query.data ?? null, flags: sessionFlags(query.data) };
}

/**
 * Log out: the server revokes the token, and this device forgets it and every cached answer at
 * once, then goes to /login, whether or not the server could be reached (offline, the token stays
 * valid on the server until it expires, but this device no longer holds it).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const token = getToken();
    if (token) logoutToken(token).catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate({ to: '/login' });
  };
}
