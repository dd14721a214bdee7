// Pieces the buyer's pages share: the caller's id, money and labels in the reader's language, the request key
// kept while the same action is retried, a readable agreement in a dialog, and the page states (loading,
// failed with a retry, empty with a way on).
import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EnumEntry } from '../../generated/enums';
import type { Order } from '../../generated/types/entities';
import { catalogueText } from '../../domain/catalogue-text';
import { enumEntryLabel } from '../../domain/language';
import { formatMinor } from '../../domain/money';
import { isUuid, newUuid } from '../../domain/uuid';
import { useActiveLabel } from '../../app/router/hooks';
import { useAppStore } from '../../app/store';
import { focusFirstInvalid, Notice, useErrorText, useModalFocus } from '../../app/ui';
import { usePagePath } from '../shared/hooks';
import './strings';
import './checkout.css';

/** The signed-in buyer's user id (the cart routes' user_client_id); '' before the session knows it. */
export const useBuyerId = (): string => useAppStore((s) => s.session.user?.user_client_id ?? '');

/** Minor units as money in the reader's language: 149900, 0 → "₺1.499,00" (tr) / "₺1,499.00" (en). */
export function useMoney(): (amount: number, currency: number | null | undefined) => string {
  const lang = useActiveLabel();
  return useCallback((amount, currency) => formatMinor(amount, currency, lang), [lang]);
}

/** An enumeration value's label from the contract (never the value itself). */
export function useEnumLabel(entry: EnumEntry): (value: unknown) => string {
  const lang = useActiveLabel();
  return useCallback((value) => enumEntryLabel(entry, value, lang), [entry, lang]);
}

/** A whole number in the reader's language (1.000 / 1,000). */
export function useCount(): (n: number) => string {
  const lang = useActiveLabel();
  return useMemo(() => {
    const f = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB');
    return (n: number) => f.format(n);
  }, [lang]);
}

export { isUuid };

/**
 * The idempotency key of one intended action: the same request sent again (a retry after a lost answer or a
 * refusal) goes with the same key, so the server answers the first result instead of acting twice; a changed
 * request is a new action with a new key; `done` forgets it after the action succeeded. `request` must not
 * hold card numbers or CVVs (the key's memory is not a place for them).
 */
export function useRequestKey(): { keyFor: (request: unknown) => string; done: () => void } {
  const kept = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor: (request: unknown) => {
        const fingerprint = JSON.stringify(request);
        if (kept.current?.fingerprint !== fingerprint) kept.current = { fingerprint, key: newUuid() };
        return kept.current.key;
      },
      done: () => {
        kept.current = null;
      },
    }),
    [],
  );
}

/** A link to a page of the catalogue by route name (nothing when the site has no such page). */
export function PageLink({ route, search, className, children }: { route: string; search?: string; className?: string; children: ReactNode }) {
  const path = usePagePath(route);
  if (!path) return null;
  return (
    <Link className={className} to={search ? `${path}?${search}` : path}>
      {children}
    </Link>
  );
}

/** A list or record still loading: a polite status line. */
export function Loading({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p className="checkout-status" role="status">
      {children ?? t('app.loading')}
    </p>
  );
}

/** A read that failed: the reason in the reader's language and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Notice>
      <p className="checkout-notice__text">{errorText(error)}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('checkout.retry')}
      </button>
    </Notice>
  );
}

/** Nothing to show yet: what that means, and the way on. */
export function Empty({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="checkout-empty">
      <p className="checkout-empty__title">{title}</p>
      {hint && <p className="checkout-empty__hint">{hint}</p>}
      {children}
    </div>
  );
}

/**
 * An agreement to read before approving it: a modal dialog that takes the focus, keeps it inside (Tab),
 * closes on Escape and gives the focus back to what opened it. "Approve" approves and closes.
 */
export function AgreementDialog({ name, text, context, onClose, onApprove }: { name: string; text: string; context?: string; onClose: () => void; onApprove: () => void }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const { dialogRef, firstRef: closeRef, onKeyDown } = useModalFocus<HTMLButtonElement>(onClose);

  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog agreement-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{name}</h2>
        {context && <p className="agreement-dialog__context">{context}</p>}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long text that scrolls must take the focus, or a keyboard cannot scroll it (axe's scrollable-region-focusable) */}
        <div className="agreement-dialog__text" tabIndex={0} role="document" aria-label={name}>
          {text}
        </div>
        <div className="dialog__actions">
          <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
            {t('checkout.close')}
          </button>
          <button type="button" className="button" onClick={onApprove}>
            {t('checkout.readAndApprove')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** An order's bundles in the reader's language, each with its count when more than one. */
export function useOrderBundles(): (order: Pick<Order, 'shopcart_bundle_list'>) => string[] {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  return useCallback(
    (order) =>
      (order.shopcart_bundle_list ?? []).map((l) => {
        const name = catalogueText(l, 'bundle_name', lang) || l.bundle_name;
        return l.add_bundle_count > 1 ? t('checkout.bundleTimes', { bundle: name, count: l.add_bundle_count }) : name;
      }),
    [t, lang],
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The two dates of a filter (YYYY-MM-DD, either may be empty) checked as the checkout lists check them: each a
 * day, and the first not after the second. Answers the messages by field (none when they are fine).
 */
function dateRangeErrors(from: string, to: string, t: (key: string) => string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (from && !ISO_DAY.test(from)) errors.from = t('checkout.dateInvalid');
  if (to && !ISO_DAY.test(to)) errors.to = t('checkout.dateInvalid');
  if (!errors.from && !errors.to && from && to && from > to) errors.to = t('checkout.datesOrder');
  return errors;
}

/**
 * A checkout list's filter form with a date range: the draft being edited, the filters applied (on a submit
 * whose dates pass dateRangeErrors; otherwise the first wrong field takes the focus), and reset.
 */
export function useDateRangeFilters<F extends { from: string; to: string }>(empty: F) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = dateRangeErrors(draft.from, draft.to, t);
    setErrors(next);
    if (next.from || next.to) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setFilters(draft);
  };
  const reset = () => {
    setDraft(empty);
    setFilters(empty);
    setErrors({});
  };
  return { formRef, draft, filters, errors, set, apply, reset };
}

/** A list's filters: on a phone folded under "Filters (n)" so the list itself is in view; open on a wide screen. */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useAppStore((s) => s.layout.device.isMobile);
  const panel = <search aria-label={t('common.filters')}>{children}</search>;
  if (!phone) return panel;
  return (
    <details className="filter-panel">
      <summary className="button button--secondary button--small">{active ? t('checkout.filtersActive', { count: active }) : t('common.filters')}</summary>
      {panel}
    </details>
  );
}

export type Facts = [label: string, value: string][];

/** Labelled facts of a record, those with a value, in the order given. */
export function FactList({ facts }: { facts: Facts }) {
  return (
    <dl className="facts">
      {facts
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The buyer's transfer report still waiting for the shop's check, if the order has one. */
export const reportedTransfer = (order: Pick<Order, 'payment_list'>) =>
  order.payment_list?.find((p) => p.payment_method === 'transfer_to_account' && p.payment_status === 'payment_waiting');
