import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useActiveLabel, usePages } from '../../../../src/app/router/hooks';
import { labelOf } from '../../../../src/domain/screen';
import { type FormContext, inputProps, emptyToUndefined } from './shared';
import { byName, type FormRenderer } from './registry';
import '../../strings';

/** A page of the site by route name (a menu parent): never the record itself or a page under it, nor a frame-mode page. */
function PageWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const pages = usePages();
  const own = (p.registry.formContext as FormContext).record?.route_name as string | undefined;
  const options = useMemo(() => {
    const below = new Set<string>(own ? [own] : []);
    for (let grew = true; grew; ) {
      grew = false;
      for (const page of pages)
        if (page.parent && below.has(page.parent) && !below.has(page.route_name)) {
          below.add(page.route_name);
          grew = true;
        }
    }
    return pages.filter((page) => !below.has(page.route_name) && !page.iframe_mode).map((page) => ({ value: page.route_name, label: `${labelOf(page.caption, lang)} (${page.route_name})` }));
  }, [pages, own, lang]);
  const missing = p.value && !options.some((o) => o.value === p.value);
  return (
    <select {...inputProps(p)} disabled={p.disabled || p.readonly} value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}>
      <option value="">{t('screen.topLevel')}</option>
      {missing && <option value={p.value}>{p.value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export const page: FormRenderer = { name: 'page', kind: 'widget', tester: byName, component: PageWidget };
