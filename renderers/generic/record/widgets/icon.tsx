import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { Icon, ICON_NAMES } from '../../../../src/app/layout/icons';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../../../../src/app/router/hooks';
import { holdsAuth, pathOf } from '../../../../src/app/router/catalogue';
import { inputProps, emptyToUndefined } from './shared';
import { byName, type FormRenderer } from './registry';
import '../../strings';

/** An icon of the app's set (menu entries), with its picture beside the choice and a link to every icon. */
function IconWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const pages = usePages();
  const access = useAccess();
  const iconPage = pages.find((page) => page.route_view === 'IconList' && holdsAuth(page, access));
  const names = p.value && !ICON_NAMES.includes(p.value) ? [p.value as string, ...ICON_NAMES] : ICON_NAMES;
  return (
    <div className="icon-picker">
      <span className="icon-picker__current" aria-hidden="true">
        <Icon name={p.value || undefined} />
      </span>
      <select {...inputProps(p)} disabled={p.disabled || p.readonly} value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}>
        <option value="">{t('screen.noIcon')}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {iconPage && <Link to={pathOf(iconPage, lang, order)}>{t('screen.seeIcons')}</Link>}
    </div>
  );
}

export const icon: FormRenderer = { name: 'icon', kind: 'widget', tester: byName, component: IconWidget };
