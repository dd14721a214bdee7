// The side panel: the selected node's editor (its type's specification), the test panel, the list of
// problems and the package (details, versions, sharing), as four tabs. Enter on a node (or a double click)
// opens its editor and moves the focus there. Beside the drawing on a wide screen (as wide as the user made
// it), a sheet over the lower part of the drawing on a phone (Escape closes it); hidden, it stays mounted, so
// what was typed in it waits (panelLayout.ts).
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../src/domain/rules';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { specOf } from '../nodes/registry';
import { Icon } from '../icons';
import { hidePanel, PANEL_ID, PANEL_TOGGLE_ID } from '../panelLayout';
import { useCanvas, useCanvasApi, type PanelTab } from '../store';
import type { PackageState } from '../usePackage';
import { IssueList, nodeHeading, nodeTitle } from './fields';
import { PackagePanel } from './PackagePanel';
import { TestPanel } from './TestPanel';

const TABS: PanelTab[] = ['editor', 'test', 'problems', 'package'];

/** Hides the panel; the focus goes to the toolbar's button that shows it again. */
function closePanel() {
  hidePanel();
  document.getElementById(PANEL_TOGGLE_ID)?.focus();
}

export function SidePanel({ onDelete, pkg, shown, phone, width }: { onDelete: () => void; pkg: PackageState; shown: boolean; phone: boolean; width: number }) {
  const { t } = useTranslation();
  const api = useCanvasApi();
  const tab = useCanvas((s) => s.tab);
  const errors = useCanvas((s) => s.issues.filter((i) => i.severity === 'error').length);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // The server runs published versions: the one shown when it is published, else the newest published.
  const runVersion = pkg.viewing ? (pkg.viewing.status === 'published' ? pkg.viewing.version : undefined) : pkg.publishedVersion;
  const serverRun = runVersion ? { version: runVersion, run: pkg.runPublished } : null;
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? (at + 1) % TABS.length : e.key === 'ArrowLeft' ? (at + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    api.getState().setTab(TABS[next]);
    refs.current[TABS[next]]?.focus();
  };
  const onPanelKey = (e: KeyboardEvent) => {
    if (phone && e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      closePanel();
    }
  };
  return (
    <aside
      id={PANEL_ID}
      className={`rule-panel${phone ? ' rule-panel--sheet' : ''}`}
      aria-label={t('rules.panel.label')}
      hidden={!shown}
      style={phone ? undefined : { width }}
      onKeyDown={onPanelKey}
    >
      <div className="rule-panel__head">
        <div className="rule-tabs" role="tablist" aria-label={t('rules.panel.label')} onKeyDown={onKeyDown}>
          {TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                refs.current[id] = el;
              }}
              type="button"
              role="tab"
              id={`rule-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`rule-tabpanel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              className="rule-tab"
              onClick={() => api.getState().setTab(id)}
            >
              {t(`rules.panel.${id}`)}
              {id === 'problems' && errors > 0 && <span className="rule-tab__count"> ({errors})</span>}
            </button>
          ))}
        </div>
        <button type="button" className="rule-panel__close" aria-label={t('rules.toolbar.panelHide')} title={t('rules.toolbar.panelHide')} onClick={closePanel}>
          <Icon name="close" />
        </button>
      </div>
      <div role="tabpanel" id={`rule-tabpanel-${tab}`} aria-labelledby={`rule-tab-${tab}`} className="rule-tabpanel">
        {tab === 'editor' && <EditorTab onDelete={onDelete} />}
        {tab === 'test' && <TestPanel server={serverRun} />}
        {tab === 'problems' && <ProblemsTab />}
        {tab === 'package' && <PackagePanel p={pkg} />}
      </div>
    </aside>
  );
}

function EditorTab({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const doc = useCanvas((s) => s.doc);
  const view = useCanvas((s) => s.view);
  const focus = useCanvas((s) => s.focusEditor);
  const readOnly = useCanvas((s) => s.readOnly);
  const issues = useCanvas((s) => s.issues);
  const body = useRef<HTMLDivElement>(null);
  const selected = view.selectedNodes.map((id) => doc.nodes.find((n) => n.id === id)).filter((n) => n !== undefined);
  const node = selected.length === 1 ? selected[0] : undefined;

  useEffect(() => {
    if (focus) body.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [focus]);

  if (node) {
    const Editor = specOf(node.type).Editor;
    const own = issues.filter((i) => i.node_id === node.id && !i.field);
    return (
      <div ref={body} className="rule-editor" key={node.id}>
        <h2 className="rule-editor__title">
          <span aria-hidden="true">{specOf(node.type).icon} </span>
          {nodeHeading(node, lang, (k) => t(k))}
        </h2>
        <IssueList id={`node-issues-${node.id}`} issues={own} />
        <Editor node={node} />
        {!readOnly && <SelectionButtons onDuplicate={() => api.getState().duplicate()} onDelete={onDelete} deleteLabel={t('rules.editor.deleteNode')} />}
      </div>
    );
  }
  const edges = view.selectedEdges.map((id) => doc.edges.find((e) => e.id === id)).filter((e) => e !== undefined);
  if (!selected.length && edges.length === 1) {
    const e = edges[0];
    const name = (id: string) => {
      const n = doc.nodes.find((x) => x.id === id);
      return n ? nodeTitle(n, lang, (k) => t(k)) : id;
    };
    return (
      <div className="rule-editor">
        <h2 className="rule-editor__title">{t('rules.editor.edge')}</h2>
        <p>{t('rules.editor.edgeText', { from: name(e.source), to: name(e.target), branch: e.source_handle ?? '—' })}</p>
        <IssueList id={`edge-issues-${e.id}`} issues={issues.filter((i) => i.edge_id === e.id)} />
        {!readOnly && (
          <button type="button" className="button button--danger button--small" onClick={onDelete}>
            {t('rules.editor.deleteEdge')}
          </button>
        )}
      </div>
    );
  }
  if (selected.length > 1 || edges.length > 1)
    return (
      <div className="rule-editor">
        <p>{t('rules.editor.many', { nodes: selected.length, edges: edges.length })}</p>
        {!readOnly && <SelectionButtons onDuplicate={() => api.getState().duplicate()} onDelete={onDelete} deleteLabel={t('rules.toolbar.delete')} />}
      </div>
    );
  // The way back to the drawing from here by keyboard (and something to focus in a panel that may scroll).
  const start = doc.nodes.find((n) => n.type === 'input') ?? doc.nodes[0];
  return (
    <div className="rule-editor">
      <p>{t('rules.editor.nothing')}</p>
      {start && (
        <button type="button" className="button button--secondary button--small rule-editor__to-drawing" onClick={() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(start.id)}"]`)?.focus()}>
          {t('rules.editor.toDrawing')}
        </button>
      )}
      <h3>{t('rules.keys.title')}</h3>
      <dl className="rule-keys">
        {(['tab', 'enter', 'arrows', 'delete', 'undo', 'redo', 'copy', 'duplicate'] as const).map((k) => (
          <div key={k}>
            <dt>
              <kbd>{t(`rules.keys.${k}Key`)}</kbd>
            </dt>
            <dd>{t(`rules.keys.${k}`)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ProblemsTab() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const doc = useCanvas((s) => s.doc);
  const issues = useCanvas((s) => s.issues);
  if (!issues.length) return <p className="rule-ok">{t('rules.issues.none')}</p>;
  const groups = new Map<string, RuleIssue[]>();
  for (const i of issues) groups.set(i.node_id ?? (i.edge_id ? `edge:${i.edge_id}` : ''), [...(groups.get(i.node_id ?? (i.edge_id ? `edge:${i.edge_id}` : '')) ?? []), i]);
  return (
    <div className="rule-problems">
      <p>{t('rules.issues.summary', { errors: issues.filter((i) => i.severity === 'error').length, warnings: issues.filter((i) => i.severity === 'warning').length })}</p>
      {[...groups].map(([key, list]) => {
        const node = doc.nodes.find((n) => n.id === key);
        const edge = key.startsWith('edge:') ? key.slice(5) : undefined;
        return (
          <section key={key || 'doc'} className="rule-problems__group">
            <h3>
              {node ? (
                <button type="button" className="rule-link" onClick={() => api.getState().openEditor(node.id)}>
                  {nodeHeading(node, lang, (k) => t(k))}
                </button>
              ) : edge ? (
                <button type="button" className="rule-link" onClick={() => {
                    api.getState().select([], [edge]);
                    api.getState().setTab('editor');
                  }}>
                  {t('rules.editor.edge')} {edge}
                </button>
              ) : (
                t('rules.issues.document')
              )}
            </h3>
            <IssueList id={`problems-${key || 'doc'}`} issues={list} />
          </section>
        );
      })}
    </div>
  );
}

/** Duplicate and delete for what is selected. */
function SelectionButtons({ onDuplicate, onDelete, deleteLabel }: { onDuplicate: () => void; onDelete: () => void; deleteLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="rule-editor__buttons">
      <button type="button" className="button button--secondary button--small" onClick={onDuplicate}>
        {t('rules.toolbar.duplicate')}
      </button>
      <button type="button" className="button button--danger button--small" onClick={onDelete}>
        {deleteLabel}
      </button>
    </div>
  );
}
