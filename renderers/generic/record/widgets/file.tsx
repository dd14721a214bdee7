import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import type { JsonSchema } from '../../../../src/domain/screen';
import { and, rankWith, schemaTypeIs, type TesterContext } from '../../rank';
import { statusMessage } from '../../../../src/domain/status-messages';
import type { StatusKey } from '../../../../src/generated/errors';
import { describedBy, inputProps } from './shared';
import type { FormRenderer } from './registry';
import '../../strings';

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** A file sent as a data: URL, with the spec's type and size limits checked before it is read. */
function FileWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const accept = (p.options.accept as string[] | undefined) ?? [];
  const maxBytes = (p.options.max_bytes as number | undefined) ?? (p.schema.maxLength ? Math.floor((p.schema.maxLength * 3) / 4) : undefined);
  const [name, setName] = useState<string | null>(null);
  // The problem's catalogue key: worded at display, so it follows a change of language.
  const [problem, setProblem] = useState<StatusKey | null>(null);
  const hintId = `${p.id}-limits`;
  const limits = [accept.length ? t('screen.fileTypes', { types: accept.join(', ') }) : null, maxBytes ? (maxBytes < 1048576 ? t('screen.fileSizeKb', { size: Math.max(1, Math.round(maxBytes / 1024)) }) : t('screen.fileSize', { size: Math.round(maxBytes / 1048576) })) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="record-form__file">
      <input
        {...inputProps(p)}
        className="field__file"
        type="file"
        accept={accept.map((a) => `.${a}`).join(',') || undefined}
        aria-invalid={problem || p.rawErrors?.length ? true : undefined}
        aria-describedby={[problem ? `${p.id}-problem` : null, limits ? hintId : null, describedBy(p.id, p.rawErrors)].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setProblem(null);
          if (!file) return;
          if (accept.length && !accept.includes(extensionOf(file.name))) {
            setProblem('file_extension_not_eligible');
            p.onChange(undefined);
            return;
          }
          if (maxBytes && file.size > maxBytes) {
            setProblem('file_size_not_eligible');
            p.onChange(undefined);
            return;
          }
          const reader = new FileReader();
          reader.onload = () => {
            setName(file.name);
            p.onChange(String(reader.result));
          };
          reader.onerror = () => setProblem('invalid_file_type');
          reader.readAsDataURL(file);
        }}
      />
      {limits && (
        <p id={hintId} className="field__hint">
          {limits}
        </p>
      )}
      {(name || p.value) && <p className="field__hint">{name ? t('screen.fileChosen', { name }) : t('screen.fileKept')}</p>}
      {problem && (
        <p id={`${p.id}-problem`} className="field__error" role="alert">
          {statusMessage(problem, lang)}
        </p>
      )}
    </div>
  );
}

const isDataUrl = (s: JsonSchema, ctx: TesterContext) => s.format === 'data-url' || (typeof s.pattern === 'string' && s.pattern.startsWith('^data:')) || Boolean(ctx.hints.accept);
export const file: FormRenderer = { name: 'file', kind: 'widget', tester: rankWith(5, and(schemaTypeIs('string'), isDataUrl)), component: FileWidget };
