import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { frameAllowed, originOf } from '../../../../src/domain/frame-origins';
import { useAppStore } from '../../../../src/app/store';
import { describedBy, inputProps, emptyToUndefined } from './shared';
import { byName, type FormRenderer } from './registry';
import '../../strings';

/** An address to show in a frame: the site's frame allow-list beside it, and a warning while its origin is not on it (the server refuses it). */
function FramedUrlWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const allowlist = useAppStore((s) => s.configuration.settings?.frame_allowlist);
  const origins = allowlist ?? [];
  const value = typeof p.value === 'string' ? p.value.trim() : '';
  const origin = value ? originOf(value) : null;
  const refused = origin && !frameAllowed(value, origins) ? origin : null;
  return (
    <>
      <input
        {...inputProps(p)}
        type="url"
        inputMode="url"
        spellCheck={false}
        maxLength={p.schema.maxLength}
        value={p.value ?? ''}
        aria-describedby={[describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])), `${p.id}-origins`, refused ? `${p.id}-refused` : null].filter(Boolean).join(' ')}
        onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
      />
      <p id={`${p.id}-origins`} className="field__hint">
        {origins.length ? t('screen.frameOrigins', { origins: origins.join(', ') }) : t('screen.frameNoOrigins')}
      </p>
      {refused && (
        <p id={`${p.id}-refused`} className="field__error">
          {t('screen.frameNotAllowed', { origin: refused })}
        </p>
      )}
    </>
  );
}

export const framedUrl: FormRenderer = { name: 'framed_url', kind: 'widget', tester: byName, component: FramedUrlWidget };
