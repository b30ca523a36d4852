import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { currentUserQuery } from '../api/queries';
import { sessionFlags } from './flags';
import { clearToken } from './token';

/** The signed-in user with the derived flags of spec section 4. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery());
  return { ...query, user: query.data ?? null, flags: sessionFlags(query.data) };
}

/** Log out: drop the token and every cached answer, then go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    clearToken();
    queryClient.clear();
    void navigate({ to: '/login' });
  };
}
