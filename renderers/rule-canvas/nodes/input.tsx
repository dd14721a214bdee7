// The input node: the record's parameters the package reads (name, type, bilingual label, unit).
import { useTranslation } from 'react-i18next';
import type { InputField, InputNode, ValueType } from '../../../src/domain/rules';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { keyed } from '../model/keys';
import { VALUE_TYPES } from '../model/vocabulary';
import { Connections, IssueList, ItemButtons, NameFields, PlainText, Select, useNodeEditor } from '../panels/fields';
import type { NodeSpecification } from './specification';

function Summary({ node }: { node: InputNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (!node.fields.length) return <p className="rule-node__empty">{t('rules.input.none')}</p>;
  const shown = node.fields.slice(0, 6);
  return (
    <ul className="rule-node__lines">
      {keyed(shown, (f) => f.name).map(({ item: f, key }) => (
        <li key={key}>
          <code>{f.name}</code> <span className="rule-node__muted">{f.label?.[lang] ?? t(`rules.type.${f.type}`)}</span>
        </li>
      ))}
      {node.fields.length > shown.length && <li className="rule-node__muted">{t('rules.node.more', { count: node.fields.length - shown.length })}</li>}
    </ul>
  );
}

function nextFieldName(fields: InputField[]): string {
  const used = new Set(fields.map((f) => f.name));
  for (let n = fields.length + 1; ; n++) if (!used.has(`field_${n}`)) return `field_${n}`;
}

function Editor({ node }: { node: InputNode }) {
  const { t, set, run, issues, readOnly } = useNodeEditor(node.id);
  return (
    <>
      <NameFields node={node} />
      <section className="rule-editor__section" aria-labelledby={`fields-${node.id}`}>
        <h3 id={`fields-${node.id}`}>{t('rules.input.fields')}</h3>
        <p className="field__hint">{t('rules.input.hint')}</p>
        {node.fields.map((f, i) => {
          const n = i + 1;
          const own = issues.get(`fields.${f.name}`) ?? [];
          // A parameter has no identity but its place: the commands address it as fields.N, and so does its key
          // (keyed by its name, it would be drawn anew, losing the focus, at each letter typed into that name).
          const place = `fields.${i}`;
          return (
            <fieldset key={place} className="rule-item">
              <legend>
                {t('rules.input.field', { n })} <code>{f.name}</code>
              </legend>
              <div className="rule-item__row">
                <PlainText label={t('rules.input.name')} value={f.name} onValue={(v) => set(`fields.${i}.name`, v)} readOnly={readOnly} />
                <Select<ValueType> label={t('rules.input.type')} value={f.type} disabled={readOnly} options={VALUE_TYPES.map((v) => ({ value: v, label: t(`rules.type.${v}`) }))} onValue={(v) => run({ type: 'node.set', node: node.id, path: `fields.${i}.type`, value: v })} />
                <PlainText label={t('rules.input.unit')} value={f.unit ?? ''} onValue={(v) => set(`fields.${i}.unit`, v || undefined)} readOnly={readOnly} />
              </div>
              <div className="rule-item__row">
                <PlainText label={t('rules.input.labelTr')} value={f.label?.tr ?? ''} onValue={(v) => set(`fields.${i}.label`, { en: f.label?.en ?? '', tr: v })} readOnly={readOnly} />
                <PlainText label={t('rules.input.labelEn')} value={f.label?.en ?? ''} onValue={(v) => set(`fields.${i}.label`, { tr: f.label?.tr ?? '', en: v })} readOnly={readOnly} />
              </div>
              <IssueList id={`fi-${node.id}-${i}`} issues={own} />
              <ItemButtons
                index={i}
                count={node.fields.length}
                label={f.name}
                readOnly={readOnly}
                onMove={(to) => run({ type: 'item.move', node: node.id, part: 'fields', from: i, to })}
                onRemove={() => run({ type: 'item.remove', node: node.id, part: 'fields', index: i })}
              />
            </fieldset>
          );
        })}
        {!readOnly && (
          <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'item.add', node: node.id, part: 'fields', item: { name: nextFieldName(node.fields), type: 'number' } })}>
            {t('rules.input.add')}
          </button>
        )}
      </section>
      <Connections node={node} />
    </>
  );
}

export const inputSpec: NodeSpecification<InputNode> = {
  type: 'input',
  label: 'rules.node.input',
  icon: '⇥',
  create: (id, position) => ({ id, type: 'input', position, fields: [] }),
  sources: () => [{ id: null, label: '' }],
  target: false,
  Summary,
  Editor,
};
