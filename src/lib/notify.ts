import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

/** Toasts (spec section 8): bottom right, closable, closing after 5 s (set on the provider). */
export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'teal', withCloseButton: true });
}

export function notifyFailure(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', withCloseButton: true });
}

/** The shared error toast: 'Error.' with the detail, the first item's msg, or 'Something went wrong.' */
export function notifyError(error: unknown): void {
  notifyFailure('Error.', errorMessage(error));
}

export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof ApiError) return error.detailText(fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
