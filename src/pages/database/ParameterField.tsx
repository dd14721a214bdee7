// One field of a layer record's form or a filter's value, chosen by the parameter's type.
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../app/ui';
import { useActiveLabel } from '../../app/router/hooks';
import type { LayerParameter } from '../../domain/layer-record';

export function ParameterField({
  parameter: p,
  label,
  value,
  onValue,
  error,
  required,
}: {
  parameter: LayerParameter;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (p.type === 'select' || p.type === 'boolean') {
    const options =
      p.type === 'select'
        ? (p.option_list ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))
        : [
            { value: 'true', label: t('database.yes') },
            { value: 'false', label: t('database.no') },
          ];
    return <SelectField label={label} name={p.id} value={value} onValue={onValue} options={options} placeholder={t('common.choose')} error={error} required={required} />;
  }
  return (
    <TextField
      label={label}
      name={p.id}
      type={p.type === 'date' ? 'date' : 'text'}
      inputMode={p.type === 'number' ? 'decimal' : undefined}
      value={value}
      onValue={onValue}
      error={error}
      required={required}
    />
  );
}
