import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readDemoProfile, type DemoProfile, type DemoUserPublic } from '../../core/contract';
import { demoUsersQuery } from '../api/demo';
import { clearDemoUser, setDemoUserId, useDemoUserId } from './demo';

/**
 * The selected demo profile with the fetched list (spec section 4): a stored id that is not in the
 * list is cleared once the list has loaded; selecting an unknown or empty id clears the selection.
 */
export function useDemoProfile() {
  const selectedId = useDemoUserId();
  const users = useQuery(demoUsersQuery());
  const list = users.data?.data;
  const selected: DemoUserPublic | null = (list && selectedId && list.find((u) => u.id === selectedId)) || null;

  useEffect(() => {
    if (list && selectedId && !list.some((u) => u.id === selectedId)) clearDemoUser();
  }, [list, selectedId]);

  return {
    /** The profiles (undefined while loading). */
    users: list,
    query: users,
    selectedId: selected ? selected.id : null,
    selected,
    profile: selected ? readDemoProfile(selected.data) : null,
    /** Selects a profile of the list; an unknown or empty id clears the selection. */
    select(id: string | null | undefined) {
      if (id && list?.some((u) => u.id === id)) setDemoUserId(id);
      else clearDemoUser();
    },
    exit: clearDemoUser,
  };
}

export type { DemoProfile };
