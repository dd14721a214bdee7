// The decision-table node: rows of tests on its input columns; the matching row (the first, the only one, or
// every one: hit policy) sets its output columns' variables.
import { useTranslation } from 'react-i18next';
import type { TableNode } from '../../../src/domain/rules';
import { Connections, IssueList, NameFields, Select, useNodeEditor } from '../panels/fields';
import { TableGrid } from '../panels/TableGrid';
import type { NodeSpecification } from './specification';

function Summary({ node }: { node: TableNode }) {
  const { t } = useTranslation();
  const outs = node.outputs.map((o) => o.variable).filter(Boolean);
  return (
    <p className="rule-node__muted">
      {t('rules.table.summary', { rows: node.rows.length, policy: t(`rules.table.policy.${node.hit_policy}`) })}
      {outs.length > 0 && (
        <>
          {' → '}
          <code>{outs.join(', ')}</code>
        </>
      )}
    </p>
  );
}

function Editor({ node }: { node: TableNode }) {
  const { t, run, issues, readOnly } = useNodeEditor(node.id);
  return (
    <>
      <NameFields node={node} />
      <Select
        label={t('rules.table.hitPolicy')}
        value={node.hit_policy}
        disabled={readOnly}
        options={(['first', 'unique', 'collect'] as const).map((v) => ({ value: v, label: t(`rules.table.policy.${v}`) }))}
        onValue={(v) => run({ type: 'node.set', node: node.id, path: 'hit_policy', value: v })}
      />
      <IssueList id={`ti-${node.id}`} issues={issues.get('') ?? []} />
      <TableGrid node={node} />
      <Connections node={node} />
    </>
  );
}

export const tableSpec: NodeSpecification<TableNode> = {
  type: 'table',
  label: 'rules.node.table',
  icon: '▦',
  create: (id, position) => ({
    id,
    type: 'table',
    position,
    hit_policy: 'first',
    inputs: [{ id: 'c1', expression: '' }],
    outputs: [{ id: 'o1', variable: 'result', type: 'string' }],
    rows: [{ id: 'r1', cells: { c1: '' }, results: { o1: '' } }],
  }),
  sources: () => [{ id: null, label: '' }],
  target: true,
  Summary,
  Editor,
};
