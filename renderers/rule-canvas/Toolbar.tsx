// The toolbar, one row at any width: add a node of each type, undo and redo, fit the drawing to the view,
// save the draft and publish, and show or hide the side panel; the less-used commands (copy, paste,
// duplicate, delete, import and export JSON, the whole drawing) are in its "More" menu. Where the row is
// narrow its buttons keep their drawing and drop their words (rule-canvas.css, by the toolbar's own width),
// and on a phone the add buttons become one "Add a node" menu; every button keeps its name (aria-label,
// tooltip) and names its keyboard shortcut.
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGraph, shapeIssue, type Bilingual, type DecisionGraph, type NodeType } from '../../src/domain/rules';
import { useActiveLabel } from '../../src/app/router/hooks';
import { MenuButton, type MenuItem } from '../../src/app/ui';
import { Icon, type IconName } from './icons';
import { nodeIdPrefix } from './model/clipboard';
import { freshId, idsOf } from './model/ids';
import { NODE_SPECS } from './nodes/registry';
import { hidePanel, PANEL_ID, PANEL_TOGGLE_ID, showPanel, usePanelLayout } from './panelLayout';
import { useCanvas, useCanvasApi } from './store';
import type { Notice } from './usePackage';
import { saveFile } from '../../src/app/ui/download';

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

/** A toolbar button: its name always (aria-label and tooltip, with the shortcut), a drawing, and words where there is room. */
function ToolButton({
  id,
  label,
  onClick,
  icon,
  glyph,
  text,
  disabled,
  keys,
  ariaKeys,
  primary,
  className,
  expanded,
  controls,
  tooltip,
}: {
  id?: string;
  label: string;
  onClick: () => void;
  icon?: IconName;
  glyph?: string;
  /** Words shown beside the drawing while the toolbar has room (a part of the name, or all of it). */
  text?: ReactNode;
  disabled?: boolean;
  keys?: string;
  ariaKeys?: string;
  primary?: boolean;
  className?: string;
  expanded?: boolean;
  controls?: string;
  /** The tooltip, when it says more than the name (what a click will do). */
  tooltip?: string;
}) {
  return (
    <button
      id={id}
      type="button"
      className={`button ${primary ? '' : 'button--secondary'} button--small rule-tool ${className ?? ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-keyshortcuts={ariaKeys}
      aria-expanded={expanded}
      aria-controls={controls}
      title={tooltip ?? (keys ? `${label} (${keys})` : label)}
    >
      {icon && <Icon name={icon} />}
      {/* The type's drawing is decoration drawn by CSS (::before), so the words a speech user sees are the button's name. */}
      {glyph && <span className="rule-tool__glyph" data-glyph={glyph} aria-hidden="true" />}
      {text !== undefined && <span className="rule-tool__text">{text}</span>}
    </button>
  );
}

export function Toolbar({
  onAdd,
  onFit,
  onFitAll,
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
  /** Fits the drawing at a size its words can be read at (from the input node when it is larger). */
  onFit: () => void;
  /** Shows the whole drawing, however small. */
  onFitAll: () => void;
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
  const panel = usePanelLayout();
  const file = useRef<HTMLInputElement>(null);

  const add = (type: NodeType) => {
    const s = api.getState();
    const position = onAdd(type);
    const spec = NODE_SPECS.find((x) => x.type === type)!;
    const id = freshId(nodeIdPrefix(type), idsOf(s.doc));
    if (s.run({ type: 'node.add', nodes: [spec.create(id, position)] })) api.getState().openEditor(id);
  };

  const exportJson = () => {
    saveFile(`${fileName}.json`, new Blob([`${JSON.stringify(api.getState().doc, null, 2)}\n`], { type: 'application/json' }));
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

  const addLabel = (type: string) => t('rules.toolbar.addType', { type });
  const more: MenuItem[] = [
    { key: 'copy', label: t('rules.toolbar.copy'), onSelect: () => api.getState().copy(), disabled: !selectedNodes, shortcut: `${MOD}+C`, ariaKeys: `${ARIA_MOD}+C` },
    ...(canEdit
      ? ([
          { key: 'paste', label: t('rules.toolbar.paste'), onSelect: () => api.getState().paste(), shortcut: `${MOD}+V`, ariaKeys: `${ARIA_MOD}+V` },
          { key: 'duplicate', label: t('rules.toolbar.duplicate'), onSelect: () => api.getState().duplicate(), disabled: !selectedNodes, shortcut: `${MOD}+D`, ariaKeys: `${ARIA_MOD}+D` },
          { key: 'delete', label: t('rules.toolbar.delete'), onSelect: onDelete, disabled: !selection, danger: true, shortcut: t('rules.keys.deleteKey'), ariaKeys: 'Delete' },
          { key: 'import', label: t('rules.toolbar.import'), onSelect: () => file.current?.click() },
        ] satisfies MenuItem[])
      : []),
    { key: 'export', label: t('rules.toolbar.export'), onSelect: exportJson },
    { key: 'fitAll', label: t('rules.toolbar.fitAll'), onSelect: onFitAll },
  ];
  const saveLabel = busy === 'save' ? t('common.sending') : dirty ? t('rules.toolbar.save') : t('rules.toolbar.saved');
  const publishLabel = busy === 'publish' ? t('common.sending') : t('rules.toolbar.publish');

  return (
    <div className="rule-toolbar" role="toolbar" aria-label={t('rules.toolbar.label')}>
      {canEdit && (
        <fieldset className="rule-toolbar__group rule-toolbar__adds" aria-label={t('rules.toolbar.add')}>
          {NODE_SPECS.map((spec) => (
            <ToolButton key={spec.type} className="rule-tool--add" label={addLabel(t(spec.label))} glyph={spec.icon} text={t(spec.label)} onClick={() => add(spec.type)} />
          ))}
        </fieldset>
      )}
      {canEdit && (
        <MenuButton
          className="rule-toolbar__add-menu"
          label={t('rules.toolbar.add')}
          title={t('rules.toolbar.add')}
          items={NODE_SPECS.map((spec) => ({ key: spec.type, label: addLabel(t(spec.label)), onSelect: () => add(spec.type) }))}
        >
          <Icon name="plus" />
        </MenuButton>
      )}
      {canEdit && (
        <fieldset className="rule-toolbar__group" aria-label={t('rules.toolbar.edit')}>
          <ToolButton label={t('rules.toolbar.undo')} icon="undo" onClick={() => api.getState().undo()} disabled={!history.past.length} keys={`${MOD}+Z`} ariaKeys={`${ARIA_MOD}+Z`} />
          <ToolButton label={t('rules.toolbar.redo')} icon="redo" onClick={() => api.getState().redo()} disabled={!history.future.length} keys={`${MOD}+Shift+Z`} ariaKeys={`${ARIA_MOD}+Shift+Z ${ARIA_MOD}+Y`} />
        </fieldset>
      )}
      <fieldset className="rule-toolbar__group" aria-label={t('rules.toolbar.view')}>
        <ToolButton className="rule-tool--fit" label={t('rules.toolbar.fit')} icon="fit" text={t('rules.toolbar.fit')} onClick={onFit} />
        <MenuButton className="rule-toolbar__more" label={t('rules.toolbar.more')} title={t('rules.toolbar.more')} items={more}>
          <Icon name="more" />
          <span className="rule-tool__text">{t('rules.toolbar.more')}</span>
        </MenuButton>
        <input ref={file} type="file" accept="application/json,.json" hidden onChange={importJson} aria-label={t('rules.toolbar.import')} />
      </fieldset>
      {canEdit && (
        <fieldset className="rule-toolbar__group rule-toolbar__end" aria-label={t('rules.toolbar.server')}>
          <ToolButton className="rule-tool--save" label={saveLabel} icon="save" text={saveLabel} onClick={onSave} disabled={busy !== null || !dirty} primary />
          <ToolButton className="rule-tool--publish" label={publishLabel} icon="publish" text={publishLabel} onClick={onPublish} disabled={busy !== null} primary />
        </fieldset>
      )}
      <ToolButton
        id={PANEL_TOGGLE_ID}
        className={`rule-tool--panel${canEdit ? '' : ' rule-toolbar__end'}`}
        label={t('rules.toolbar.panel')}
        icon="panel"
        onClick={() => (panel.shown ? hidePanel() : showPanel())}
        expanded={panel.shown}
        controls={PANEL_ID}
        tooltip={panel.shown ? t('rules.toolbar.panelHide') : t('rules.toolbar.panelShow')}
      />
    </div>
  );
}
