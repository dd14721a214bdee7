// How a node looks on the canvas, whatever its type: a title bar (icon, type, name, problem and path marks),
// the type's summary, and its ways out: one handle on the right, or a labelled row per switch branch.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../src/app/router/hooks';
import type { RuleFlowNode } from './model/flow';
import { sameLabel } from './model/labels';
import { specOf } from './nodes/registry';

export const RuleNodeView = memo(function RuleNodeView({ data, selected }: NodeProps<RuleFlowNode>) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const node = data.node;
  const spec = specOf(node.type);
  const handles = spec.sources(node as never, lang, (k, o) => t(k, o) as string);
  const rows = handles.length > 1 || handles.some((h) => h.id);
  const name = node.name?.[lang] || node.name?.[lang === 'tr' ? 'en' : 'tr'];
  const type = t(spec.label);
  // A node named after its type says it once, as its name.
  const typeShown = !name || !sameLabel(name, type, lang);
  const Summary = spec.Summary;
  const classes = [
    'rule-node',
    `rule-node--${node.type}`,
    selected ? 'rule-node--selected' : '',
    data.errors ? 'rule-node--error' : data.warnings ? 'rule-node--warning' : '',
    data.step ? 'rule-node--path' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-testid={`rule-node-${node.id}`} data-path-step={data.step}>
      {spec.target && <Handle type="target" position={Position.Left} className="rule-handle rule-handle--in" />}
      <div className="rule-node__head">
        <span className="rule-node__icon" aria-hidden="true">
          {spec.icon}
        </span>
        {typeShown && <span className="rule-node__type">{type}</span>}
        {data.step !== undefined && (
          <span className="rule-node__step" title={t('rules.test.step', { n: data.step })}>
            {data.step}
          </span>
        )}
        {data.errors > 0 && <span className="rule-node__badge rule-node__badge--error">{t('rules.node.errors', { count: data.errors })}</span>}
        {!data.errors && data.warnings > 0 && <span className="rule-node__badge rule-node__badge--warning">{t('rules.node.warnings', { count: data.warnings })}</span>}
      </div>
      <div className="rule-node__name">{name || <span className="rule-node__muted">{node.id}</span>}</div>
      <div className="rule-node__body">
        <Summary node={node as never} />
      </div>
      {rows ? (
        <ul className="rule-node__ways">
          {handles.map((h) => (
            <li key={h.id ?? '-'} className={`rule-node__way${h.id === 'else' ? ' rule-node__way--else' : ''}`}>
              <span>{h.label}</span>
              <Handle type="source" id={h.id ?? undefined} position={Position.Right} className="rule-handle rule-handle--out" />
            </li>
          ))}
        </ul>
      ) : (
        handles.map((h) => <Handle key="out" type="source" position={Position.Right} className="rule-handle rule-handle--out" id={h.id ?? undefined} />)
      )}
    </div>
  );
});
