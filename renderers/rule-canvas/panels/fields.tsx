// Pieces every node editor uses: setting a value through a command (typing in one box is one undo step),
// a rule text box with its problems (message in the user's language, the place in the text marked, a button
// that selects it in the box), bilingual text inputs, the node's name, and its connections.
import { useCallback, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bilingual, RuleIssue, RuleNode } from '../../../src/domain/rules';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { freshId, idsOf } from '../model/ids';
import { connectionAllowed } from '../model/flow';
import { keyed } from '../model/keys';
import { sameLabel } from '../model/labels';
import { useCanvas, useCanvasApi } from '../store';
import { specOf } from '../nodes/registry';

/** Sets values of one node by path; successive sets of one path merge into one undo step until sealed. */
export function useNodeSetter(nodeId: string) {
  const api = useCanvasApi();
  return useCallback((path: string, value: unknown) => api.getState().run({ type: 'node.set', node: nodeId, path, value }, { mergeKey: `${nodeId}:${path}` }), [api, nodeId]);
}

/** A discrete change (a select, a button): one step of its own. */
export function useRun() {
  const api = useCanvasApi();
  return api.getState().run;
}

export function useSeal() {
  const api = useCanvasApi();
  return useCallback(() => api.getState().seal(), [api]);
}

/** The current problems of a node, by field ('' for the node itself). */
export function useNodeIssues(nodeId: string): Map<string, RuleIssue[]> {
  const issues = useCanvas((s) => s.issues);
  return useMemo(() => {
    const map = new Map<string, RuleIssue[]>();
    for (const i of issues) if (i.node_id === nodeId) map.set(i.field ?? '', [...(map.get(i.field ?? '') ?? []), i]);
    return map;
  }, [issues, nodeId]);
}

/** What a node's editor works with: words, setting values (merged per box), discrete commands, its problems, read-only. */
export function useNodeEditor(nodeId: string) {
  const { t } = useTranslation();
  const set = useNodeSetter(nodeId);
  const run = useRun();
  const issues = useNodeIssues(nodeId);
  const readOnly = useCanvas((s) => s.readOnly);
  return { t, set, run, issues, readOnly };
}

export const issueText = (i: RuleIssue, lang: 'tr' | 'en') => i.message[lang];

/** The text with the issue's characters marked. */
export function Marked({ text, span }: { text: string; span?: [number, number] }) {
  if (!span || !text) return null;
  const [a, b] = [Math.max(0, Math.min(span[0], text.length)), Math.max(0, Math.min(span[1], text.length))];
  return (
    <code className="rule-marked" aria-hidden="true">
      {text.slice(0, a)}
      <mark>{text.slice(a, Math.max(b, a + 1)) || ' '}</mark>
      {text.slice(Math.max(b, a + 1))}
    </code>
  );
}

/** Problems of one text, each with its place in the text marked and a button that selects it in the box. */
export function IssueList({ id, issues, text, onShow }: { id: string; issues: readonly RuleIssue[]; text?: string; onShow?: (span: [number, number]) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (!issues.length) return null;
  return (
    <ul id={id} className="rule-issues">
      {keyed(issues, (i) => `${i.code}:${i.node_id ?? ''}:${i.edge_id ?? ''}:${i.field ?? ''}:${i.span?.join('-') ?? ''}`).map(({ item: i, key }) => (
        <li key={key} className={`rule-issue rule-issue--${i.severity}`}>
          <span className="rule-issue__text">
            <span className="visually-hidden">{t(`rules.severity.${i.severity}`)}: </span>
            {issueText(i, lang)}
          </span>
          {text !== undefined && i.span && <Marked text={text} span={i.span} />}
          {onShow && i.span && text && (
            <button type="button" className="rule-link" onClick={() => onShow(i.span!)}>
              {t('rules.issues.show', { pos: i.span[0] + 1 })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A rule text (condition, cell, expression) with its problems under it. */
export function RuleText({
  label,
  value,
  onValue,
  issues = [],
  hint,
  placeholder,
  multiline,
  readOnly,
  className,
}: {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  issues?: readonly RuleIssue[];
  hint?: ReactNode;
  placeholder?: string;
  multiline?: boolean;
  readOnly?: boolean;
  className?: string;
}) {
  const id = `rt${useId().replace(/:/g, '')}`;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const seal = useSeal();
  const errors = issues.filter((i) => i.severity === 'error');
  const show = (span: [number, number]) => {
    ref.current?.focus();
    ref.current?.setSelectionRange(span[0], Math.max(span[1], span[0] + 1));
  };
  const control = {
    id,
    ref,
    className: `field__input rule-text${errors.length ? ' rule-text--error' : ''}`,
    value,
    placeholder,
    readOnly,
    spellCheck: false,
    autoComplete: 'off',
    'aria-invalid': errors.length ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', issues.length ? `${id}-issues` : ''].filter(Boolean).join(' ') || undefined,
    onChange: (e: { target: { value: string } }) => onValue(e.target.value),
    onBlur: seal,
  };
  return (
    <div className={`field rule-field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline ? <textarea rows={2} {...control} /> : <input type="text" {...control} />}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <IssueList id={`${id}-issues`} issues={issues} text={value} onShow={show} />
    </div>
  );
}

/** A plain text input of the editor (names, codes, units), one undo step per box. */
export function PlainText({ label, value, onValue, issues = [], readOnly, type = 'text', className }: { label: ReactNode; value: string; onValue: (v: string) => void; issues?: readonly RuleIssue[]; readOnly?: boolean; type?: string; className?: string }) {
  const id = `pt${useId().replace(/:/g, '')}`;
  const seal = useSeal();
  return (
    <div className={`field rule-field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="field__input"
        value={value}
        readOnly={readOnly}
        onChange={(e) => onValue(e.target.value)}
        onBlur={seal}
        aria-invalid={issues.some((i) => i.severity === 'error') || undefined}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
      />
      <IssueList id={`${id}-issues`} issues={issues} />
    </div>
  );
}

export function Select<V extends string>({ label, value, options, onValue, disabled, className }: { label: ReactNode; value: V; options: { value: V; label: string }[]; onValue: (v: V) => void; disabled?: boolean; className?: string }) {
  const id = `sl${useId().replace(/:/g, '')}`;
  return (
    <div className={`field rule-field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input" value={value} disabled={disabled} onChange={(e) => onValue(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text in Turkish and English (labels, output texts), each a path of the node. */
export function BilingualText({ label, value, path, nodeId, multiline, readOnly, issues }: { label: string; value: Bilingual | undefined; path: string; nodeId: string; multiline?: boolean; readOnly?: boolean; issues?: Map<string, RuleIssue[]> }) {
  const { t } = useTranslation();
  const set = useNodeSetter(nodeId);
  const seal = useSeal();
  const id = `bt${useId().replace(/:/g, '')}`;
  return (
    <fieldset className="rule-bilingual">
      <legend>{label}</legend>
      {(['tr', 'en'] as const).map((lang) => {
        const own = issues?.get(`${path}.${lang}`) ?? [];
        const props = {
          id: `${id}-${lang}`,
          className: 'field__input',
          value: value?.[lang] ?? '',
          readOnly,
          onBlur: seal,
          'aria-describedby': own.length ? `${id}-${lang}-issues` : undefined,
          onChange: (e: { target: { value: string } }) => set(`${path}.${lang}`, e.target.value),
        };
        return (
          <div key={lang} className="field">
            <label htmlFor={`${id}-${lang}`} className="field__label">
              {t(`rules.lang.${lang}`)}
            </label>
            {multiline ? <textarea rows={2} {...props} /> : <input type="text" {...props} />}
            <IssueList id={`${id}-${lang}-issues`} issues={own} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The node's own name (optional, both languages). */
export function NameFields({ node }: { node: RuleNode }) {
  const { t } = useTranslation();
  const readOnly = useCanvas((s) => s.readOnly);
  return <BilingualText label={t('rules.editor.name')} value={node.name} path="name" nodeId={node.id} readOnly={readOnly} />;
}

/** Where the node goes next: per way out, its connections (remove) and a picker to add one (keyboard connect). */
export function Connections({ node }: { node: RuleNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const doc = useCanvas((s) => s.doc);
  const readOnly = useCanvas((s) => s.readOnly);
  const spec = specOf(node.type);
  const handles = spec.sources(node as never, lang, t);
  const selectId = useId().replace(/:/g, '');
  if (!handles.length) return null;
  const nameOf = (id: string) => {
    const n = doc.nodes.find((x) => x.id === id);
    return n ? nodeTitle(n, lang, t) : id;
  };
  return (
    <section className="rule-editor__section" aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`}>{t('rules.editor.connections')}</h3>
      {handles.map((h) => {
        const edges = doc.edges.filter((e) => e.source === node.id && (e.source_handle ?? null) === h.id);
        const targets = doc.nodes.filter((n) => connectionAllowed(doc, { source: node.id, target: n.id, sourceHandle: h.id }));
        const handleLabel = h.label || t('rules.editor.next');
        return (
          <div key={h.id ?? '-'} className="rule-connections">
            <p className="rule-connections__from">{handleLabel}</p>
            {edges.length > 0 && (
              <ul className="rule-connections__list">
                {edges.map((e) => (
                  <li key={e.id}>
                    → {nameOf(e.target)}{' '}
                    {!readOnly && (
                      <button type="button" className="button button--secondary button--small" aria-label={t('rules.editor.disconnect', { from: handleLabel, to: nameOf(e.target) })} onClick={() => api.getState().run({ type: 'edge.delete', edges: [e.id] })}>
                        {t('rules.editor.remove')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!readOnly && targets.length > 0 && (
              <div className="field">
                <label className="field__label" htmlFor={`${selectId}-${h.id ?? 'next'}`}>
                  {t('rules.editor.connectTo', { from: handleLabel })}
                </label>
                <select
                  id={`${selectId}-${h.id ?? 'next'}`}
                  className="field__input"
                  value=""
                  onChange={(e) => {
                    if (!e.target.value) return;
                    const d = api.getState().doc;
                    const edge = { id: freshId('e', idsOf(d)), source: node.id, target: e.target.value, ...(h.id ? { source_handle: h.id } : {}) };
                    api.getState().run({ type: 'edge.add', edge });
                  }}
                >
                  <option value="">{t('rules.editor.chooseNode')}</option>
                  {targets.map((n) => (
                    <option key={n.id} value={n.id}>
                      {nodeTitle(n, lang, t)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** A node's title for people: its name, else its type and id. */
export function nodeTitle(node: RuleNode, lang: 'tr' | 'en', t: (key: string) => string): string {
  const name = node.name?.[lang] || node.name?.[lang === 'tr' ? 'en' : 'tr'];
  return name ? name : `${t(`rules.node.${node.type}`)} (${node.id})`;
}

/**
 * A node's heading, its type and title ("Switch: Platinum drug?"), saying the type once: an unnamed node's
 * title already starts with it ("Switch (switch_1)"), and a node named after its type is its name alone.
 */
export function nodeHeading(node: RuleNode, lang: 'tr' | 'en', t: (key: string) => string): string {
  const type = t(`rules.node.${node.type}`);
  const name = node.name?.[lang] || node.name?.[lang === 'tr' ? 'en' : 'tr'];
  if (!name) return nodeTitle(node, lang, t);
  return sameLabel(name, type, lang) ? name : `${type}: ${name}`;
}

/** Buttons to move an item of a list up or down and remove it. */
export function ItemButtons({ index, count, label, onMove, onRemove, readOnly }: { index: number; count: number; label: string; onMove: (to: number) => void; onRemove: () => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  if (readOnly) return null;
  return (
    <span className="rule-item-buttons">
      <button type="button" className="button button--secondary button--small" disabled={index === 0} aria-label={t('rules.editor.moveUp', { name: label })} onClick={() => onMove(index - 1)}>
        ↑
      </button>
      <button type="button" className="button button--secondary button--small" disabled={index === count - 1} aria-label={t('rules.editor.moveDown', { name: label })} onClick={() => onMove(index + 1)}>
        ↓
      </button>
      <button type="button" className="button button--secondary button--small" aria-label={t('rules.editor.removeItem', { name: label })} onClick={onRemove}>
        ✕
      </button>
    </span>
  );
}
