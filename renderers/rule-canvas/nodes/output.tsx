// The output node: a decision, alert or suggestion with its severity, a stable code and a text in both
// languages (`{variable}` is replaced by the value at run time). The run ends here.
import { useTranslation } from 'react-i18next';
import type { OutputKind, OutputNode, Severity } from '../../../src/domain/rules';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { joinLabels } from '../model/labels';
import { BilingualText, NameFields, PlainText, Select, useNodeEditor } from '../panels/fields';
import type { NodeSpecification } from './specification';

/** A valid code made from a node id (lower case; letters first; other characters as _). */
const codeOf = (id: string) => `${/^[a-z]/i.test(id) ? '' : 'c_'}${id.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 64);

export const KINDS: readonly OutputKind[] = ['decision', 'alert', 'suggestion'];
export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'critical'];

function Summary({ node }: { node: OutputNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const text = node.text[lang] || node.text[lang === 'tr' ? 'en' : 'tr'];
  return (
    <div className="rule-node__output">
      <span className={`rule-badge rule-badge--${node.severity}`}>
        {joinLabels([t(`rules.kind.${node.kind}`), t(`rules.severity.${node.severity}`)], ' · ', lang)}
      </span>
      {node.code && <code>{node.code}</code>}
      {text && <p className="rule-node__muted">{text.length > 80 ? `${text.slice(0, 79)}…` : text}</p>}
    </div>
  );
}

function Editor({ node }: { node: OutputNode }) {
  const { t, set, run, issues, readOnly } = useNodeEditor(node.id);
  return (
    <>
      <NameFields node={node} />
      <div className="rule-item__row">
        <Select<OutputKind> label={t('rules.output.kind')} value={node.kind} disabled={readOnly} options={KINDS.map((v) => ({ value: v, label: t(`rules.kind.${v}`) }))} onValue={(v) => run({ type: 'node.set', node: node.id, path: 'kind', value: v })} />
        <Select<Severity> label={t('rules.output.severity')} value={node.severity} disabled={readOnly} options={SEVERITIES.map((v) => ({ value: v, label: t(`rules.severity.${v}`) }))} onValue={(v) => run({ type: 'node.set', node: node.id, path: 'severity', value: v })} />
      </div>
      <PlainText label={t('rules.output.code')} value={node.code} onValue={(v) => set('code', v)} issues={issues.get('code')} readOnly={readOnly} />
      <BilingualText label={t('rules.output.text')} value={node.text} path="text" nodeId={node.id} multiline readOnly={readOnly} issues={issues} />
      <p className="field__hint">{t('rules.output.hint')}</p>
    </>
  );
}

export const outputSpec: NodeSpecification<OutputNode> = {
  type: 'output',
  label: 'rules.node.output',
  icon: '⚑',
  // The code starts as the node's id (a valid name, unique in the package); people rename it.
  create: (id, position) => ({ id, type: 'output', position, kind: 'decision', severity: 'info', code: codeOf(id), text: { en: '', tr: '' } }),
  sources: () => [],
  target: true,
  Summary,
  Editor,
};
