// How a failed call is shown: its message, its fields' messages, the focus on the first field in error. Kept
// as the error, worded at display: after a change of language the message follows.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiErrorText, fieldMessages } from '../../api/errors';
import type { Lang } from '../../domain/language';
import { useActiveLabel } from '../router/hooks';

/** The message of a failed call in the language the user reads now. */
export function useErrorText(): (e: unknown) => string {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return useCallback((e: unknown) => (e instanceof ApiError ? apiErrorText(e, lang) : t('common.unexpected')), [t, lang]);
}

/** Field messages of a bad-input answer in the language, by the field's last path segment. */
export function serverFieldErrors(e: unknown, lang: Lang): Record<string, string> {
  if (!(e instanceof ApiError)) return {};
  return Object.fromEntries(fieldMessages(e, lang).map((f) => [f.field.split('.').pop() ?? f.field, f.message]));
}

/** Moves focus to the first field marked invalid in a form (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
