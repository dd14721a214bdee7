import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { audienceGaps, type PageAccessFields } from '../../../../src/domain/page-access';
import type { ResolvedScreen } from '../../../../src/domain/screen';
import { SCREEN_IDS, SCREEN_TITLES, screenById } from '../../screens';
import { useActiveLabel } from '../../../../src/app/router/hooks';
import { useAuthCodeLabel } from '../../../../src/app/ui';
import { type FormContext, describedBy, inputProps, emptyToUndefined } from './shared';
import { byName, type FormRenderer } from './registry';
import '../../strings';

/** A generic screen by id (schemas/screens), named by its title in the language; warns when the page's audience cannot read it. */
function ScreenWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const gap = useAudienceGap(typeof p.value === 'string' ? p.value : undefined, p.registry.formContext as FormContext);
  return (
    <>
      <select
        {...inputProps(p)}
        aria-describedby={[describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])), gap ? `${p.id}-audience` : null].filter(Boolean).join(' ') || undefined}
        disabled={p.disabled || p.readonly}
        value={p.value ?? ''}
        onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
      >
        <option value="">{t('common.choose')}</option>
        {SCREEN_IDS.map((id) => (
          <option key={id} value={id}>
            {SCREEN_TITLES[id][lang]}
          </option>
        ))}
      </select>
      {gap && (
        <p id={`${p.id}-audience`} className="field__warning" role="status">
          {gap}
        </p>
      )}
    </>
  );
}

/**
 * Who may open the page (its login flag and auth list, as the form has them now) but not read the chosen
 * screen's records (its list route, or get route for a record view): the warning to show, or null.
 */
function useAudienceGap(screenId: string | undefined, ctx: FormContext): string | null {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const [screen, setScreen] = useState<ResolvedScreen | undefined>();
  useEffect(() => {
    let live = true;
    setScreen(undefined);
    if (screenId) screenById(screenId).then((s) => live && setScreen(s), () => undefined);
    return () => {
      live = false;
    };
  }, [screenId]);
  const page = (ctx.formData ?? {}) as PageAccessFields & { content?: { screen?: { view?: string } } };
  const routeName = screen && (page.content?.screen?.view === 'record' ? (screen.routes.get ?? screen.routes.new) : screen.routes.list);
  const route = routeName ? screen?.route_table[routeName] : undefined;
  if (!route) return null;
  const gaps = audienceGaps(page, route);
  const auths = route.auth_codes.map((c) => authName(c)).join(t('screen.orSeparator'));
  const lines = [
    gaps.login ? t('screen.audienceLogin') : null,
    gaps.anyone ? t('screen.audienceAnyone', { auths }) : null,
    gaps.codes.length ? t('screen.audienceCodes', { codes: gaps.codes.map((c) => authName(c)).join(t('screen.orSeparator')), auths }) : null,
  ].filter(Boolean);
  return lines.length ? lines.join(' ') : null;
}

export const screen: FormRenderer = { name: 'screen', kind: 'widget', tester: byName, component: ScreenWidget };
