// The expression node: assignments `variable = expression`, run in order (later ones may use earlier ones).
import { useTranslation } from 'react-i18next';
import type { ExpressionNode } from '../../../src/domain/rules';
import { nextPartId } from '../model/ids';
import { Connections, ItemButtons, NameFields, PlainText, RuleText, useNodeEditor } from '../panels/fields';
import type { NodeSpecification } from './specification';

function Summary({ node }: { node: ExpressionNode }) {
  const { t } = useTranslation();
  if (!node.assignments.length) return <p className="rule-node__empty">{t('rules.expression.none')}</p>;
  return (
    <ul className="rule-node__lines">
      {node.assignments.slice(0, 4).map((a) => (
        <li key={a.id}>
          <code>
            {a.variable || '?'} = {a.expression.length > 40 ? `${a.expression.slice(0, 39)}…` : a.expression}
          </code>
        </li>
      ))}
      {node.assignments.length > 4 && <li className="rule-node__muted">{t('rules.node.more', { count: node.assignments.length - 4 })}</li>}
    </ul>
  );
}

function Editor({ node }: { node: ExpressionNode }) {
  const { t, set, run, issues, readOnly } = useNodeEditor(node.id);
  return (
    <>
      <NameFields node={node} />
      <section className="rule-editor__section" aria-labelledby={`assign-${node.id}`}>
        <h3 id={`assign-${node.id}`}>{t('rules.expression.assignments')}</h3>
        <p className="field__hint">{t('rules.expression.hint')}</p>
        {node.assignments.map((a, i) => {
          const title = t('rules.expression.assignment', { n: i + 1 });
          return (
            <fieldset key={a.id} className="rule-item">
              <legend>{title}</legend>
              <PlainText label={t('rules.expression.variable')} value={a.variable} onValue={(v) => set(`assignments.${a.id}.variable`, v)} issues={issues.get(`assignments.${a.id}.variable`)} readOnly={readOnly} />
              <RuleText label={t('rules.expression.expression')} value={a.expression} onValue={(v) => set(`assignments.${a.id}.expression`, v)} issues={issues.get(`assignments.${a.id}.expression`)} readOnly={readOnly} />
              <ItemButtons
                index={i}
                count={node.assignments.length}
                label={title}
                readOnly={readOnly}
                onMove={(to) => run({ type: 'item.move', node: node.id, part: 'assignments', from: i, to })}
                onRemove={() => run({ type: 'item.remove', node: node.id, part: 'assignments', index: i })}
              />
            </fieldset>
          );
        })}
        {!readOnly && (
          <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'item.add', node: node.id, part: 'assignments', item: { id: nextPartId('a', node.assignments), variable: `value_${node.assignments.length + 1}`, expression: '' } })}>
            {t('rules.expression.add')}
          </button>
        )}
      </section>
      <Connections node={node} />
    </>
  );
}

export const expressionSpec: NodeSpecification<ExpressionNode> = {
  type: 'expression',
  label: 'rules.node.expression',
  icon: 'ƒ',
  create: (id, position) => ({ id, type: 'expression', position, assignments: [{ id: 'a1', variable: 'value', expression: '' }] }),
  sources: () => [{ id: null, label: '' }],
  target: true,
  Summary,
  Editor,
};
