import { useId, useMemo } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import type { JsonSchema } from '../../../../src/domain/screen';
import { AUTH_CODES } from '../../../../src/domain/auth-codes';
import { rankWith, schemaMatches } from '../../rank';
import { enumLabel } from '../../cells';
import { useAuthCodeLabel } from '../../../../src/app/ui';
import { FieldFrame } from './shared';
import type { FormRenderer } from './registry';

/** Auth codes with their names in the user's language: a list of codes, or the comma-separated text of page auth lists. */
function AuthCodesField(p: FieldProps) {
  const authName = useAuthCodeLabel();
  const lang = useActiveLabel();
  const id = p.fieldPathId.$id;
  const isText = p.schema.type === 'string';
  const single = !isText && p.schema.type !== 'array';
  const enumSchema = ((p.schema.type === 'array' ? p.schema.items : p.schema) ?? {}) as JsonSchema;
  const codes = (Array.isArray(enumSchema.enum) ? enumSchema.enum : AUTH_CODES) as string[];
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const selected = useMemo(
    () => (isText ? String(p.formData ?? '').split(',').filter(Boolean) : Array.isArray(p.formData) ? (p.formData as string[]) : p.formData ? [String(p.formData)] : []),
    [p.formData, isText],
  );
  const nameOf = (code: string) => (Array.isArray(enumSchema.enum) ? enumLabel(enumSchema, code, lang) : authName(code));
  const toggle = (code: string) => {
    const next = single ? [code] : selected.includes(code) ? selected.filter((c) => c !== code) : codes.filter((c) => c === code || selected.includes(c));
    p.onChange(isText ? next.join(',') : single ? next[0] : next.length ? next : undefined, p.fieldPathId.path);
  };
  const group = useId();
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <div className="record-form__choices">
        {codes.map((code) => (
          <label key={code} className="record-form__choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={group}
              value={code}
              checked={selected.includes(code)}
              disabled={p.disabled || p.readonly}
              onChange={() => toggle(code)}
            />{' '}
            {nameOf(code)}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}

const AUTH_SET = new Set<string>(AUTH_CODES);
const isAuthCodes = (s: JsonSchema) => {
  const e = (s.type === 'array' ? s.items?.enum : s.enum) as unknown[] | undefined;
  return (s.title === 'AuthCode' || s.items?.title === 'AuthCode' || (Array.isArray(e) && e.length > 1 && e.every((v) => AUTH_SET.has(String(v))))) as boolean;
};
export const authCodes: FormRenderer = { name: 'auth_codes', kind: 'field', tester: rankWith(6, schemaMatches(isAuthCodes)), component: AuthCodesField };
