// What the widgets and fields share: the form context, the attributes of an input, a fieldset frame.
import type { ReactNode } from 'react';
import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import type { AccessContext } from '../../../../src/app/router/catalogue';
import type { ResolvedScreen } from '../../../../src/domain/screen';


/** What widgets may read besides their value: the screen (its routes for pickers), its parameters, the user, the loaded record. */
export interface FormContext {
  screen: ResolvedScreen;
  params: Record<string, string | undefined>;
  access: AccessContext;
  /** The record as loaded (edit), for widgets that must not offer it (a page cannot be its own parent). */
  record?: Record<string, unknown>;
  /** The form's values now, for widgets that depend on other fields (a unit's screen on its login and auth list). */
  formData?: Record<string, unknown>;
  /** Names of reference values in the loaded record (field hint picker.value_label), by value. */
  valueLabels?: ReadonlyMap<string, string>;
}

export const describedBy = (id: string, rawErrors?: string[], help?: boolean) =>
  [rawErrors?.length ? errorId(id) : null, help ? helpId(id) : null].filter(Boolean).join(' ') || undefined;

export const inputProps = (p: WidgetProps) => ({
  id: p.id,
  name: p.htmlName ?? p.id,
  className: 'field__input',
  disabled: p.disabled,
  readOnly: p.readonly,
  required: false, // our checks, not the browser's (noHtml5Validate)
  'aria-required': p.required || undefined,
  'aria-invalid': p.rawErrors?.length ? true : undefined,
  'aria-describedby': describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])),
  onBlur: () => p.onBlur(p.id, p.value),
  onFocus: () => p.onFocus(p.id, p.value),
});

export const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

export function FieldFrame({ id, label, required, rawErrors, children }: { id: string; label: string; required?: boolean; rawErrors?: string[]; children: ReactNode }) {
  return (
    <fieldset className="fieldset record-form__group" id={id} aria-describedby={rawErrors?.length ? errorId(id) : undefined}>
      <legend className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {children}
    </fieldset>
  );
}

export const childErrors = (errorSchema: unknown, key: string | number): string[] =>
  ((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []).filter(Boolean);
