// How a failed call is shown: its message, its fields' messages, the focus on the first field in error.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';

/** The message to show for a failed call: the server's status_message (already in the user's language). */
export function useErrorText(): (e: unknown) => string {
  const { t } = useTranslation();
  return (e: unknown) => (e instanceof ApiError ? e.status_message : t('common.unexpected'));
}

/** Field messages of a bad-input answer, by the field's last path segment. */
export function serverFieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) return {};
  return Object.fromEntries(e.errors.map((f) => [f.field.split('.').pop() ?? f.field, f.message]));
}

/** Moves focus to the first field marked invalid in a form (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
