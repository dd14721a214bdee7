// Pieces shared by the authority-management and authorization-list pages: labels of auth codes and states,
// a holding's dates, and the cancel-with-confirmation flow (its dialog and the rows' button).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizationCancel } from '../../generated/client';
import type { Authorization, AuthCode, UserAuthorization } from '../../generated/types/entities';
import { useActiveLabel } from '../../app/router/hooks';
import { ConfirmDialog, formatDate, TextField, useAuthCodeLabel, useErrorText } from '../../app/ui';
import '../account-strings';

/** "Valid", "Cancelled" or "Not valid today" for a holding. */
export function useHoldingState(): (row: Pick<UserAuthorization, 'is_cancelled' | 'is_valid_today'> & Partial<Pick<Authorization, 'end_date' | 'start_date'>>) => string {
  const { t } = useTranslation();
  return (row) => {
    if (row.is_cancelled) return t('authority.state.cancelled');
    if (row.is_valid_today === false) return t('authority.state.notValidToday');
    return t('authority.state.valid');
  };
}

/** "Unlimited" for an absent limit, else the number. */
export function useLimit(): (value: number | undefined) => string {
  const { t } = useTranslation();
  return (value) => (value === undefined || value === null ? t('authority.unlimited') : String(value));
}

export interface CancelTarget {
  user_auth_id: string;
  auth_name: AuthCode;
  username?: string;
}

/**
 * The cancel flow: ask (naming the auth and the holder), then /authorization/cancel; `onDone` reloads.
 * Returns the button handler, the dialog to render and the outcome message.
 */
export function useCancelAuthorization(onDone: () => void) {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const errorText = useErrorText();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await authorizationCancel({ user_auth_id: target.user_auth_id });
      setOutcome({ kind: 'success', text: t('authority.cancelled', { auth: authName(target.auth_name), username: target.username ?? '' }) });
      onDone();
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  const dialog = target && (
    <ConfirmDialog
      title={t('authority.cancelTitle')}
      confirmLabel={t('authority.cancelConfirm')}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
      busy={busy}
    >
      <p>{t('authority.cancelText', { auth: authName(target.auth_name), username: target.username ?? '' })}</p>
    </ConfirmDialog>
  );

  const ask = (row: CancelTarget) => {
    setOutcome(null);
    setTarget(row);
  };
  /** The row's "Cancel" button, named by the auth and the holder. */
  const button = (row: CancelTarget) => (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => ask(row)}
      aria-label={t('authority.cancelRow', { auth: authName(row.auth_name), username: row.username ?? '' })}
    >
      {t('authority.cancel')}
    </button>
  );
  return { ask, button, dialog, outcome };
}

/** A holding's dates ("1 Mar 2025 – …") in the language, or "No dates". */
export function useDates(): (row: { start_date?: string; end_date?: string }) => string {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return (row) => (row.start_date || row.end_date ? `${formatDate(row.start_date, lang) || '…'} – ${formatDate(row.end_date, lang) || '…'}` : t('authority.noDates'));
}

type GrantLimitKey = 'auth_count_create' | 'start_date' | 'end_date';

/**
 * The limits both grant forms share (assigning a holding, creating an authorization): how many onward
 * assignments, when onward assigning is allowed, and the dates, within the bounds given.
 */
export function GrantLimitFields({
  values,
  errors,
  onValue,
  namePrefix = '',
  bounds,
  datesHint,
}: {
  values: { can_assign_auth: boolean } & Record<GrantLimitKey, string>;
  errors: Record<string, string | undefined>;
  onValue: (key: GrantLimitKey) => (value: string) => void;
  namePrefix?: string;
  bounds?: { start_date?: string; end_date?: string };
  datesHint?: string;
}) {
  const { t } = useTranslation();
  const date = (key: 'start_date' | 'end_date', label: string, hint?: string) => (
    <TextField label={label} name={`${namePrefix}${key}`} type="date" min={bounds?.start_date} max={bounds?.end_date} value={values[key]} onValue={onValue(key)} error={errors[key]} hint={hint} />
  );
  return (
    <>
      {values.can_assign_auth && (
        <TextField
          label={t('authority.authCountCreate')}
          name={`${namePrefix}auth_count_create`}
          type="number"
          inputMode="numeric"
          min={0}
          value={values.auth_count_create}
          onValue={onValue('auth_count_create')}
          error={errors.auth_count_create}
          hint={t('authority.authCountCreateHint')}
        />
      )}
      <div className="form__row">
        {date('start_date', t('authority.startDate'))}
        {date('end_date', t('authority.endDate'), datesHint)}
      </div>
    </>
  );
}
