import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logoutToken } from '../api/auth';
import { currentUserQuery, queryKeys } from '../api/queries';
import { forgetSentFilesOf } from '../offline/outbox';
import { sessionFlags } from './flags';
import { clearToken, getToken } from './token';

/** The signed-in user with the derived flags of spec section 4. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  return { ...query, user: query.data ?? null, flags: sessionFlags(query.data) };
}

/**
 * Log out: the server revokes the token, and this device forgets it, every cached answer and the
 * files of her sent submissions at once, then goes to /login, whether or not the server could be reached (offline, the token stays
 * valid on the server until it expires, but this device no longer holds it).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const token = getToken();
    if (token) logoutToken(token).catch(() => undefined);
    const userId = queryClient.getQueryData<{ id: string }>(queryKeys.currentUser)?.id;
    if (userId) void forgetSentFilesOf(userId).catch(() => undefined);
    clearToken();
    queryClient.clear();
    void navigate({ to: '/login' });
  };
}
