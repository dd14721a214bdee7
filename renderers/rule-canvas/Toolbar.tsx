// The toolbar: add a node of each type, undo/redo, copy/paste/duplicate/delete, fit to view, import and
// export JSON, save the draft and publish. Each button names its keyboard shortcut.
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGraph, shapeIssue, type Bilingual, type DecisionGraph, type NodeType } from '../../src/domain/rules';
import { useActiveLabel } from '../../src/app/router/hooks';
import { nodeIdPrefix } from './model/clipboard';
import { freshId, idsOf } from './model/ids';
import { NODE_SPECS } from './nodes/registry';
import { useCanvas, useCanvasApi } from './store';
import type { Notice } from './usePackage';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const MOD = MAC ? '⌘' : 'Ctrl';
const ARIA_MOD = MAC ? 'Meta' : 'Control';

/** A document from an imported file: the document itself, or an object carrying it (an exported package, a fixture). */
export function importedDocument(text: string): { doc: DecisionGraph } | { error: 'json' } | { error: 'shape'; message: Bilingual } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'json' };
  }
  const candidate = value && typeof value === 'object' && 'document' in value && !('nodes' in value) ? (value as { document: unknown }).document : value;
  const problem = shapeIssue(candidate);
  return problem ? { error: 'shape', message: problem.message } : { doc: candidate as DecisionGraph };
}

export function Toolbar({
  onAdd,
  onFit,
  onDelete,
  onSave,
  onPublish,
  busy,
  dirty,
  canEdit,
  fileName,
  setNotice,
}: {
  onAdd: (type: NodeType) => { x: number; y: number };
  onFit: () => void;
  onDelete: () => void;
  onSave: () => void;
  onPublish: () => void;
  busy: string | null;
  dirty: boolean;
  canEdit: boolean;
  fileName: string;
  setNotice: (n: Notice) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const history = useCanvas((s) => s.history);
  const selection = useCanvas((s) => s.view.selectedNodes.length + s.view.selectedEdges.length);
  const selectedNodes = useCanvas((s) => s.view.selectedNodes.length);
  const file = useRef<HTMLInputElement>(null);

  const add = (type: NodeType) => {
    const s = api.getState();
    const position = onAdd(type);
    const spec = NODE_SPECS.find((x) => x.type === type)!;
    const id = freshId(nodeIdPrefix(type), idsOf(s.doc));
    if (s.run({ type: 'node.add', nodes: [spec.create(id, position)] })) api.getState().openEditor(id);
  };

  const exportJson = () => {
    const blob = new Blob([`${JSON.stringify(api.getState().doc, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${fileName}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importJson = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const read = importedDocument(await f.text());
    if ('error' in read) {
      setNotice({ kind: 'error', text: read.error === 'json' ? t('rules.import.notJson') : read.message[lang] });
      return;
    }
    api.getState().run({ type: 'document.replace', doc: read.doc });
    const issues = checkGraph(read.doc);
    const errors = issues.filter((i) => i.severity === 'error').length;
    setNotice({ kind: errors ? 'info' : 'success', text: errors ? t('rules.import.withProblems', { count: errors }) : t('rules.import.done'), issues: errors ? issues.filter((i) => i.severity === 'error') : undefined });
  };

  const button = (label: string, onClick: () => void, options: { disabled?: boolean; keys?: string; aria?: string; primary?: boolean } = {}) => (
    <button
      type="button"
      className={`button ${options.primary ? '' : 'button--secondary'} button--small`}
      onClick={onClick}
      disabled={options.disabled}
      aria-keyshortcuts={options.aria}
      title={options.keys ? `${label} (${options.keys})` : undefined}
    >
      {label}
    </button>
  );

  return (
    <div className="rule-toolbar" role="toolbar" aria-label={t('rules.toolbar.label')}>
      {canEdit && (
        <div className="rule-toolbar__group" role="group" aria-label={t('rules.toolbar.add')}>
          {NODE_SPECS.map((spec) => (
            <button key={spec.type} type="button" className="button button--secondary button--small rule-toolbar__add" onClick={() => add(spec.type)}>
              <span aria-hidden="true">{spec.icon} </span>
              {t('rules.toolbar.addType', { type: t(spec.label) })}
            </button>
          ))}
        </div>
      )}
      {canEdit && (
        <div className="rule-toolbar__group" role="group" aria-label={t('rules.toolbar.edit')}>
          {button(t('rules.toolbar.undo'), () => api.getState().undo(), { disabled: !history.past.length, keys: `${MOD}+Z`, aria: `${ARIA_MOD}+Z` })}
          {button(t('rules.toolbar.redo'), () => api.getState().redo(), { disabled: !history.future.length, keys: `${MOD}+Shift+Z`, aria: `${ARIA_MOD}+Shift+Z ${ARIA_MOD}+Y` })}
          {button(t('rules.toolbar.copy'), () => api.getState().copy(), { disabled: !selectedNodes, keys: `${MOD}+C`, aria: `${ARIA_MOD}+C` })}
          {button(t('rules.toolbar.paste'), () => api.getState().paste(), { keys: `${MOD}+V`, aria: `${ARIA_MOD}+V` })}
          {button(t('rules.toolbar.duplicate'), () => api.getState().duplicate(), { disabled: !selectedNodes, keys: `${MOD}+D`, aria: `${ARIA_MOD}+D` })}
          {button(t('rules.toolbar.delete'), onDelete, { disabled: !selection, keys: t('rules.keys.deleteKey'), aria: 'Delete' })}
        </div>
      )}
      <div className="rule-toolbar__group" role="group" aria-label={t('rules.toolbar.file')}>
        {button(t('rules.toolbar.fit'), onFit)}
        {canEdit && button(t('rules.toolbar.import'), () => file.current?.click())}
        <input ref={file} type="file" accept="application/json,.json" hidden onChange={importJson} aria-label={t('rules.toolbar.import')} />
        {button(t('rules.toolbar.export'), exportJson)}
      </div>
      {canEdit && (
        <div className="rule-toolbar__group" role="group" aria-label={t('rules.toolbar.server')}>
          {button(busy === 'save' ? t('common.sending') : dirty ? t('rules.toolbar.save') : t('rules.toolbar.saved'), onSave, { disabled: busy !== null || !dirty, primary: true })}
          {button(busy === 'publish' ? t('common.sending') : t('rules.toolbar.publish'), onPublish, { disabled: busy !== null, primary: true })}
        </div>
      )}
    </div>
  );
}
