import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, helpId, type FieldProps } from '@rjsf/utils';
import { stableJson } from '../form';
import { byName, type FormRenderer } from './registry';
import '../../strings';

const KEY_VALUE = /^([a-z][a-z0-9_]*)\s*=\s*(\S.*)$/;

/** name=value lines as an object of texts; the lines that are not, by themselves. */
export function parseKeyValues(text: string): { values: Record<string, string>; bad: string[] } {
  const values: Record<string, string> = {};
  const bad: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = KEY_VALUE.exec(line);
    if (m) values[m[1]] = m[2].trim();
    else bad.push(line);
  }
  return { values, bad };
}

const toText = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([k, x]) => (k === x ? k : `${k}=${String(x ?? '')}`))
    .join('\n');

/** The text's object; a line that is no name=value stays in it as a name the schema refuses, so the form cannot be saved. */
const asValue = (s: string) => {
  const { values, bad } = parseKeyValues(s);
  return { ...values, ...Object.fromEntries(bad.map((b) => [b, b])) };
};

/** An object of texts by name (a screen's fixed parameters), typed as one name=value a line. */
function KeyValuesField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const value = (p.formData && typeof p.formData === 'object' ? p.formData : {}) as Record<string, unknown>;
  const [text, setText] = useState(() => toText(value));
  const [left, setLeft] = useState(false);
  // A value set from outside replaces the text unless the text already says it.
  const valueKey = stableJson(value);
  const [shown, setShown] = useState(valueKey);
  if (shown !== valueKey) {
    setShown(valueKey);
    if (stableJson(asValue(text)) !== valueKey) setText(toText(value));
  }
  const { values, bad } = parseKeyValues(text);
  const max = p.schema.maxProperties as number | undefined;
  const problem = (left || (p.rawErrors?.length ?? 0) > 0) && (bad.length > 0 || (max !== undefined && Object.keys(values).length > max)) ? t('screen.keyValuesFormat', { max: max ?? '—', lines: bad.join(', ') }) : null;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const described = [problem ? `${id}-problem` : null, p.rawErrors?.length ? errorId(id) : null, p.uiSchema?.['ui:help'] ? helpId(id) : null].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={(p.uiSchema?.['ui:options'] as { rows?: number } | undefined)?.rows ?? 3}
        spellCheck={false}
        value={text}
        disabled={p.disabled}
        readOnly={p.readonly}
        aria-invalid={problem || p.rawErrors?.length ? true : undefined}
        aria-describedby={described || undefined}
        onBlur={() => setLeft(true)}
        onChange={(e) => {
          setText(e.target.value);
          const next = asValue(e.target.value);
          p.onChange((Object.keys(next).length ? next : undefined) as never, p.fieldPathId.path);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field__error">
          {problem}
        </p>
      )}
    </>
  );
}

export const keyValues: FormRenderer = { name: 'key_values', kind: 'field', tester: byName, component: KeyValuesField };
