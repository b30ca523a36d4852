import type { NotificationData } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { msg, t } from '../i18n';
import { translateMessage } from './messages';

/**
 * Shows a toast. Mantine's notifications package (its container, transitions and store) is
 * loaded on first use or by the container after the first paint (components/Toasts.tsx), not in
 * the main bundle; toasts asked for together still show in the order they were asked.
 */
function show(data: NotificationData): void {
  void import('@mantine/notifications').then(
    (m) => m.notifications.show(data),
    () => undefined,
  );
}

/** Toasts (spec section 8): bottom right, closable, closing after 5 s (set on the provider). */
export function notifySuccess(title: string, message?: string): void {
  show({ title, message: message ?? '', color: 'teal', withCloseButton: true });
}

export function notifyFailure(title: string, message: string): void {
  show({ title, message, color: 'red', withCloseButton: true });
}

/** The shared error toast: 'Error.' with the detail, the first item's msg, or 'Something went wrong.' */
export function notifyError(error: unknown): void {
  notifyFailure(t('Error.'), errorMessage(error));
}

/** The text a person should see for a failure, in the current language (the server speaks English). */
export function errorMessage(error: unknown, fallback: string = msg('Something went wrong.')): string {
  if (error instanceof ApiError) return translateMessage(error.detailText(fallback));
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return translateMessage(fallback);
}
