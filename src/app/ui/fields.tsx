// Labelled fields whose messages are tied to them (aria-describedby, aria-invalid); plain HTML, keyboard-only
// usable. Checks are ours: forms use noValidate.
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './DateInput';

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
      {input.type === 'date' ? (
        // Dates are written in the page's language, not the browser's.
        <DateInput {...control} {...withoutBounds(input)} value={String(input.value ?? '')} onValue={(v) => onValue?.(v)} />
      ) : (
        <input
          {...control}
          onChange={(e) => {
            onChange?.(e);
            onValue?.(e.target.value);
          }}
          {...input}
        />
      )}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A text box has no date bounds: the form's checks and the server keep them. */
const withoutBounds = ({ type: _type, min: _min, max: _max, value: _value, ...rest }: InputHTMLAttributes<HTMLInputElement>) => rest;

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
