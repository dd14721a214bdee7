import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import type { PickerSource } from '../../../../src/domain/screen';
import { and, hasRef, rankWith, schemaTypeIs } from '../../rank';
import { pickerFromScreen, ReferencePicker, type PickerConfig } from '../../ReferencePicker';
import { screenById, screenIdOfEntity } from '../../screens';
import { type FormContext, describedBy } from './shared';
import { TextWidget } from './text';
import type { FormRenderer } from './registry';
import '../../strings';

/** A *_client_id (x-ref) chosen by searching the referenced records: the screen's picker, else the referenced entity's screen. */
function ReferenceWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const ctx = p.registry.formContext as FormContext;
  const hint = p.options.picker as PickerSource | undefined;
  const entity = p.schema['x-ref'] as string;
  const [config, setConfig] = useState<PickerConfig | null | undefined>(() => pickerFromHint(hint, ctx));
  const [valueLabel, setValueLabel] = useState<string | undefined>(() => (typeof p.value === 'string' ? ctx.valueLabels?.get(p.value) : undefined));
  const params = ctx.params;
  useEffect(() => {
    if (hint) return;
    const id = screenIdOfEntity(entity);
    if (!id) {
      setConfig(null);
      return;
    }
    let live = true;
    screenById(id).then(
      (s) => live && setConfig((s && pickerFromScreen(s, { ...params })) ?? null),
      () => live && setConfig(null),
    );
    return () => {
      live = false;
    };
  }, [entity, hint, params]);
  // Read-only, the reference reads as its name (never the id).
  if (p.readonly || p.disabled) return <TextWidget {...p} value={valueLabel ?? (p.value ? t('screen.chosenRecord') : '')} />;
  if (config === null) return <TextWidget {...p} />;
  if (!config)
    return (
      <p role="status" className="field__hint">
        {t('app.loading')}
      </p>
    );
  return (
    <div id={p.id} tabIndex={-1}>
      <ReferencePicker
        config={config}
        label={p.label}
        value={p.value}
        valueLabel={valueLabel}
        invalid={Boolean(p.rawErrors?.length)}
        describedBy={describedBy(p.id, p.rawErrors)}
        onPick={(o) => {
          setValueLabel(o.label);
          p.onChange(o.value);
        }}
        onClear={
          p.required
            ? undefined
            : () => {
                setValueLabel(undefined);
                p.onChange(undefined);
              }
        }
      />
    </div>
  );
}

function pickerFromHint(hint: PickerSource | undefined, ctx: FormContext): PickerConfig | undefined {
  if (!hint) return undefined;
  const route = ctx.screen.route_table[hint.route];
  if (!route) return undefined;
  const input: Record<string, unknown> = {};
  for (const k of Object.keys(route.request.properties ?? {})) if (ctx.params[k]) input[k] = ctx.params[k];
  return { route, items: hint.items, item_record: hint.item_record, value: hint.value, label: hint.label, label_enums: hint.label_enums, min_search: hint.min_search, input };
}

export const reference: FormRenderer = { name: 'reference', kind: 'widget', tester: rankWith(4, and(schemaTypeIs('string'), hasRef)), component: ReferenceWidget };
