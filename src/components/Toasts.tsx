import { lazy, Suspense, type ComponentType } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { TIMING } from '../../core/decisions';

/**
 * Where toasts show (spec section 8: bottom right, closing after 5 s). The container's code
 * (Mantine's Notifications with its transitions and scroll-lock helpers) loads after the first
 * paint instead of in the main bundle: no page shows a toast before it has rendered, and a toast
 * asked for earlier waits in the notifications store (src/lib/notify.ts) until the container
 * mounts. The chunk is precached like every other; should it still fail to load, the page goes on
 * without toasts rather than failing as a whole.
 */
const Notifications = lazy(
  (): Promise<{ default: ComponentType<NotificationsProps> }> =>
    import('@mantine/notifications').then(
      (m) => ({ default: m.Notifications }),
      () => ({ default: () => null }),
    ),
);

export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" autoClose={TIMING.toastCloseMs} />
    </Suspense>
  );
}
