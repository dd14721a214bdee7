// Building blocks of the account and permission pages (a lazy chunk of their own): labelled fields whose
// error messages are tied to them (aria-describedby, aria-invalid), the alert region for the server's
// answer, pagination, and a confirmation dialog. Plain HTML, keyboard-only usable.
import {
  useEffect,
  useId,
  useRef,
  type ChangeEvent,
  type InputHTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import './ui.css';

interface FieldFrame {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Marks the field required (aria-required and a visual mark). Checks are ours: forms use noValidate. */
  required?: boolean;
}

/** The ids of a field and its messages, and the attributes every control of a field carries. */
function useFieldControl({ id, hint, error, required, describedBy }: Pick<FieldFrame, 'hint' | 'error' | 'required'> & { id?: string; describedBy?: string }) {
  const auto = useId();
  const fieldId = id ?? `f${auto.replace(/:/g, '')}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const control = {
    id: fieldId,
    className: 'field__input',
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined,
  };
  return { fieldId, hintId, errorId, control };
}

function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId: string; error?: string | null; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

type InputProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
    onValue?: (value: string) => void;
    onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
    /** Ids of further elements describing the field (e.g. the alert that names its problem). */
    describedBy?: string;
  };

export function TextField({ label, error, hint, required, id, onValue, onChange, className, describedBy: extra, ...input }: InputProps) {
  const { fieldId, hintId, errorId, control } = useFieldControl({ id, hint, error, required, describedBy: extra });
  return (
    <div className={`field ${className ?? ''}`}>
      <Label htmlFor={fieldId} label={label} required={required} />
      <input
        {...control}
        onChange={(e) => {
          onChange?.(e);
          onValue?.(e.target.value);
        }}
        {...input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & { onValue: (value: string) => void };

export function TextAreaField({ label, error, hint, required, id, onValue, ...input }: TextAreaProps) {
  const { fieldId, hintId, errorId, control } = useFieldControl({ id, hint, error, required });
  return (
    <div className="field">
      <Label htmlFor={fieldId} label={label} required={required} />
      <textarea
        {...control}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
    options: { value: string; label: string }[];
    /** A first, empty choice ("Choose…"). */
    placeholder?: string;
    onValue: (value: string) => void;
  };

export function SelectField({ label, error, hint, required, id, options, placeholder, onValue, ...select }: SelectProps) {
  const { fieldId, hintId, errorId, control } = useFieldControl({ id, hint, error, required });
  return (
    <div className="field">
      <Label htmlFor={fieldId} label={label} required={required} />
      <select
        {...control}
        onChange={(e) => onValue(e.target.value)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type CheckboxProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & { onChecked: (checked: boolean) => void };

export function CheckboxField({ label, error, hint, required, id, onChecked, ...input }: CheckboxProps) {
  const { fieldId, hintId, errorId, control } = useFieldControl({ id, hint, error, required });
  return (
    <div className="field field--checkbox">
      <input
        {...control}
        className={undefined}
        type="checkbox"
        onChange={(e) => onChecked(e.target.checked)}
        {...input}
      />
      <Label htmlFor={fieldId} label={label} required={required} />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The server's answer (or any message) in an alert region; success messages are a polite status. */
export function Notice({ id, kind = 'error', children }: { id?: string; kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div id={id} className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

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

export function Pagination({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span className="pagination__status" aria-live="polite">
        {t('common.pageOf', { page, pages, total })}
      </span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

/**
 * A confirmation asked in place: an alertdialog that takes focus, answers Escape with "no", and gives the
 * focus back to what opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    }
    if (e.key === 'Tab') {
      // Keep the focus inside the dialog.
      const items = dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])');
      if (!items || items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`}>{children}</div>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.no')}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * For a heading that replaces a form (a "done" state): it takes the focus when it appears, so keyboard and
 * screen-reader users are not left on a button that no longer exists.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** A scrollable table region (phones): focusable so keyboard users can scroll it. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;

/** A date (YYYY-MM-DD) or date-time in the user's language; '' when absent. */
export function formatDate(value: string | undefined | null, lang: 'tr' | 'en', withTime = false): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE[lang], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** A form's submit button; while the form is sending it is disabled and says so. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="form__actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('common.sending') : children}
      </button>
    </div>
  );
}
