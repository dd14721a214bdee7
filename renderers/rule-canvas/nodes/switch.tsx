// The switch node: branches with conditions; the run goes on along the first branch that holds (or every one,
// hit policy collect), else along "otherwise". Each branch is a way out of its own.
import { useTranslation } from 'react-i18next';
import { ELSE, type SwitchNode } from '../../../src/domain/rules';
import { nextPartId } from '../model/ids';
import { ConditionEditor } from '../panels/ConditionEditor';
import { BilingualText, Connections, IssueList, ItemButtons, NameFields, Select, useNodeEditor } from '../panels/fields';
import type { NodeSpecification } from './specification';

function Summary({ node }: { node: SwitchNode }) {
  const { t } = useTranslation();
  return <p className="rule-node__muted">{t(`rules.switch.policy.${node.hit_policy}`)}</p>;
}

function Editor({ node }: { node: SwitchNode }) {
  const { t, run, issues, readOnly } = useNodeEditor(node.id);
  return (
    <>
      <NameFields node={node} />
      <Select
        label={t('rules.switch.hitPolicy')}
        value={node.hit_policy}
        disabled={readOnly}
        options={(['first', 'collect'] as const).map((v) => ({ value: v, label: t(`rules.switch.policy.${v}`) }))}
        onValue={(v) => run({ type: 'node.set', node: node.id, path: 'hit_policy', value: v })}
      />
      <section className="rule-editor__section" aria-labelledby={`branches-${node.id}`}>
        <h3 id={`branches-${node.id}`}>{t('rules.switch.branches')}</h3>
        {node.branches.map((b, i) => {
          const title = t('rules.switch.branch', { n: i + 1 });
          return (
            <fieldset key={b.id} className="rule-item">
              <legend>
                {title} <code>{b.id}</code>
              </legend>
              <ConditionEditor nodeId={node.id} path={`branches.${b.id}.condition`} value={b.condition} issues={issues.get(`branches.${b.id}.condition`) ?? []} label={title} />
              <BilingualText label={t('rules.switch.branchLabel')} value={b.label} path={`branches.${b.id}.label`} nodeId={node.id} readOnly={readOnly} />
              <IssueList id={`bi-${node.id}-${b.id}`} issues={issues.get(`branches.${b.id}`) ?? []} />
              <ItemButtons
                index={i}
                count={node.branches.length}
                label={title}
                readOnly={readOnly}
                onMove={(to) => run({ type: 'item.move', node: node.id, part: 'branches', from: i, to })}
                onRemove={() => run({ type: 'item.remove', node: node.id, part: 'branches', index: i })}
              />
            </fieldset>
          );
        })}
        {!readOnly && (
          <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'item.add', node: node.id, part: 'branches', item: { id: nextPartId('b', node.branches), condition: '' } })}>
            {t('rules.switch.add')}
          </button>
        )}
        <p className="field__hint">{t('rules.switch.elseHint')}</p>
      </section>
      <Connections node={node} />
    </>
  );
}

export const switchSpec: NodeSpecification<SwitchNode> = {
  type: 'switch',
  label: 'rules.node.switch',
  icon: '◇',
  create: (id, position) => ({ id, type: 'switch', position, hit_policy: 'first', branches: [{ id: 'b1', condition: '' }] }),
  sources: (node, lang, t) => [
    ...node.branches.map((b, i) => ({ id: b.id, label: b.label?.[lang] || b.condition || t('rules.switch.branch', { n: i + 1 }) })),
    { id: ELSE, label: t('rules.switch.else') },
  ],
  target: true,
  Summary,
  Editor,
};
