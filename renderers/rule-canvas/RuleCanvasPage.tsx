// rule_engine_algorithm: a decision-support package's algorithm, drawn and edited on a React Flow canvas
// (this page is its own lazy chunk, with React Flow in it). `?package_id=` names the package; without it the
// page creates one first. The saved document lives in the canvas store apart from React Flow's state, and
// every edit is a command (undo/redo); checkGraph marks problems as you type; the test panel runs the
// current document in the browser and lights the path. An older version opens read-only in a store of its
// own, shown instead of the draft's until "back".
// The canvas is the page: the editor fills the window under the site's top bar (the site's menu steps aside
// while it is open on a wide screen, and comes back after), one toolbar row over the drawing, the side panel
// beside it (resizable, hideable) or, on a phone, a sheet over it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ReactFlowProvider, type ReactFlowInstance } from '@xyflow/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkGraph, type NodeType, type RuleIssue } from '../../src/domain/rules';
import { ApiError } from '../../src/api/errors';
import { rulePackageNew } from '../../src/generated/client';
import { useActiveLabel } from '../../src/app/router/hooks';
import type { PageProps } from '../../src/app/router/registry';
import { useAppStore } from '../../src/app/store';
import { ConfirmDialog, EditorLoadFailed, Notice, TextField, useUnsavedGuard } from '../../src/app/ui';
import { Canvas } from './Canvas';
import type { RuleFlowEdge, RuleFlowNode } from './model/flow';
import { FLOW_MIN_WIDTH, PANEL_ID, PANEL_WIDTH, reloadPanelLayout, usePanelLayout } from './panelLayout';
import { IssueList } from './panels/fields';
import { PanelSplitter } from './panels/PanelSplitter';
import { SidePanel } from './panels/SidePanel';
import { CanvasContext, useCanvas, useCanvasApi } from './store';
import { Toolbar } from './Toolbar';
import { useFit } from './useFit';
import { usePackage, type PackageState } from './usePackage';
import './strings';
import './rule-canvas.css';

export default function RuleCanvasPage({ page }: PageProps) {
  const lang = useActiveLabel();
  const [query, setQuery] = useSearchParams();
  const packageId = query.get('package_id');
  const title = (
    <h1 id="page-title" className="rule-canvas__page">
      {page.caption[lang]}
    </h1>
  );
  return (
    <article className="page page--rule-canvas" aria-labelledby="page-title">
      {packageId ? (
        <PackageEditor key={packageId} packageId={packageId} title={title} />
      ) : (
        <>
          {title}
          <NewPackage onCreated={(id) => setQuery({ package_id: id }, { replace: true })} />
        </>
      )}
    </article>
  );
}

/** A new package: its name in both languages (at least one) and a description. */
function NewPackage({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState({ tr: '', en: '' });
  const [description, setDescription] = useState({ tr: '', en: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const texts = (v: { tr: string; en: string }) => Object.fromEntries(Object.entries(v).filter(([, s]) => s.trim())) as { tr?: string; en?: string };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.tr.trim() && !name.en.trim()) {
      setError(t('rules.new.nameNeeded'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const desc = texts(description);
      const answer = await rulePackageNew({ name: texts(name), ...(Object.keys(desc).length ? { description: desc } : {}) });
      onCreated(answer.decision_package.package_id);
    } catch (err) {
      setError(err instanceof ApiError ? err.status_message : t('common.unexpected'));
      setBusy(false);
    }
  };
  return (
    <section className="section" aria-labelledby="rule-new-title">
      <h2 id="rule-new-title">{t('rules.new.title')}</h2>
      <p>{t('rules.new.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <Notice>{error}</Notice>
        <TextField label={t('rules.new.nameTr')} value={name.tr} onValue={(v) => setName((n) => ({ ...n, tr: v }))} maxLength={1000} />
        <TextField label={t('rules.new.nameEn')} value={name.en} onValue={(v) => setName((n) => ({ ...n, en: v }))} maxLength={1000} />
        <TextField label={t('rules.new.descriptionTr')} value={description.tr} onValue={(v) => setDescription((n) => ({ ...n, tr: v }))} maxLength={1000} />
        <TextField label={t('rules.new.descriptionEn')} value={description.en} onValue={(v) => setDescription((n) => ({ ...n, en: v }))} maxLength={1000} />
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.sending') : t('rules.new.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

function PackageEditor({ packageId, title }: { packageId: string; title: ReactNode }) {
  const { t } = useTranslation();
  const p = usePackage(packageId);
  if (p.loadError) return <EditorLoadFailed heading={title} message={p.loadError} retryLabel={t('rules.retry')} onRetry={p.retry} />;
  if (!p.store || !p.pkg)
    return (
      <>
        {title}
        <p className="page-loading" role="status">
          {t('app.loading')}
        </p>
      </>
    );
  // An older version opened read-only is drawn from its own store; the draft's store waits unchanged.
  return (
    <CanvasContext.Provider value={p.viewing?.store ?? p.store}>
      <ReactFlowProvider>
        <Workbench pkg={p} title={title} />
      </ReactFlowProvider>
    </CanvasContext.Provider>
  );
}

/**
 * While the canvas is open on a wide screen the site's menu steps aside (its button in the top bar brings it
 * back); leaving, it comes back. Before the first paint, so the drawing is measured, and first fitted, at the
 * width it keeps.
 */
function useMenuAside() {
  useLayoutEffect(() => {
    const app = useAppStore.getState();
    if (app.layout.device.isMobile || !app.layout.sidebar.opened) return;
    app.toggleSidebar(false);
    return () => {
      if (!useAppStore.getState().layout.sidebar.opened) useAppStore.getState().toggleSidebar(true);
    };
  }, []);
}

/** The width the drawing and the panel share (0 until known), followed as the window or the site's menu changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const read = () => setWidth(Math.round(el.getBoundingClientRect().width));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const editable = (target: EventTarget | null) => target instanceof HTMLElement && Boolean(target.closest('input, textarea, select, [contenteditable="true"]'));

function Workbench({ pkg: p, title }: { pkg: PackageState; title: ReactNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const fits = useFit();
  const body = useRef<HTMLDivElement>(null);
  const bodyWidth = useWidth(body);
  // The panel's layout is read again on each visit (another tab may have changed it); the sheet starts closed.
  useLayoutEffect(reloadPanelLayout, []);
  const panel = usePanelLayout();
  // The drawing keeps FLOW_MIN_WIDTH beside the panel however wide the panel was made.
  const panelMax = bodyWidth ? Math.max(PANEL_WIDTH.min, Math.min(PANEL_WIDTH.max, bodyWidth - FLOW_MIN_WIDTH)) : PANEL_WIDTH.max;
  const panelWidth = Math.min(panel.width, panelMax);
  useMenuAside();
  const doc = useCanvas((s) => s.doc);
  const path = useCanvas((s) => s.path);
  const flow = useRef<ReactFlowInstance<RuleFlowNode, RuleFlowEdge> | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const [deleting, setDeleting] = useState<{ nodes: string[]; edges: string[] } | null>(null);
  const pkg = p.pkg!;
  const viewing = p.viewing;

  // Opening a version puts the focus on the way back; going back, on the package's name. Either way the
  // drawing is fitted to the other document once it is drawn.
  const backButton = useRef<HTMLButtonElement>(null);
  const nameHeading = useRef<HTMLHeadingElement>(null);
  const wasViewing = useRef<PackageState['viewing'] | undefined>(undefined);
  // The fits of the document shown when the timer fires (they follow the store: the draft's or the version's).
  const fitsNow = useRef(fits);
  fitsNow.current = fits;
  useEffect(() => {
    const before = wasViewing.current;
    wasViewing.current = viewing;
    if (before === undefined) return; // the first drawing fits itself
    if (viewing) backButton.current?.focus();
    else nameHeading.current?.focus();
    const timer = setTimeout(() => fitsNow.current.readable(200), 50);
    return () => clearTimeout(timer);
  }, [viewing]);

  // On a phone a node's editor opens in the sheet over the lower part of the drawing: the node comes to the
  // middle of what is left in sight above it.
  const focusEditor = useCanvas((s) => s.focusEditor);
  const revealed = useRef(0);
  useEffect(() => {
    if (!panel.phone || !panel.shown || !focusEditor || revealed.current === focusEditor) return;
    revealed.current = focusEditor;
    const node = api.getState().view.selectedNodes[0];
    const flowTop = area.current?.querySelector('.react-flow')?.getBoundingClientRect().top;
    const sheetTop = document.getElementById(PANEL_ID)?.getBoundingClientRect().top;
    if (node && flowTop !== undefined && sheetTop !== undefined) fits.reveal(node, sheetTop - flowTop, 200);
  }, [focusEditor, panel.phone, panel.shown, api, fits]);

  // Problems as you type: checkGraph (and the syntax of nodes not yet connected) a moment after the last change.
  useEffect(() => {
    const timer = setTimeout(() => api.getState().setIssues(checkGraph(doc), doc), 250);
    return () => clearTimeout(timer);
  }, [doc, api]);

  // The test run's path is lit node by node (at once for those who asked for less motion).
  useEffect(() => {
    if (!path || path.shown >= path.steps.length) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => api.getState().setPath({ ...path, shown: reduced ? path.steps.length : path.shown + 1 }), path.shown === 0 ? 0 : 350);
    return () => clearTimeout(timer);
  }, [path, api]);

  const askDelete = useCallback(() => {
    const { selectedNodes, selectedEdges } = api.getState().view;
    if (selectedNodes.length || selectedEdges.length) setDeleting({ nodes: [...selectedNodes], edges: [...selectedEdges] });
  }, [api]);

  // Undo/redo everywhere on the page (the editors' boxes are the document too); copy, paste and duplicate
  // when the focus is not in a text box (there they copy text).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector('.dialog-backdrop')) return;
      const key = e.key.toLowerCase();
      const s = api.getState();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        s.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        s.redo();
      } else if (editable(e.target)) return;
      else if (key === 'c') {
        if (s.copy()) e.preventDefault();
      } else if (key === 'v') {
        if (s.paste()) e.preventDefault();
      } else if (key === 'd') {
        e.preventDefault();
        s.duplicate();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [api]);

  const blocker = useUnsavedGuard(p.dirty);

  /** Where a new node goes: the middle of what the canvas shows, moved right until it covers no other node. */
  const placeFor = useCallback(
    (_type: NodeType) => {
      const { doc: d, view } = api.getState();
      const rect = area.current?.querySelector('.react-flow')?.getBoundingClientRect();
      const c = flow.current && rect?.width ? flow.current.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }) : { x: 100, y: 100 };
      const box = (id: string) => view.measured[id] ?? { width: 200, height: 120 };
      const at = { x: Math.round(c.x - 100), y: Math.round(c.y - 50) };
      const covers = (p: { x: number; y: number }) => d.nodes.some((n) => p.x < n.position.x + box(n.id).width + 40 && n.position.x < p.x + 220 && p.y < n.position.y + box(n.id).height + 30 && n.position.y < p.y + 130);
      for (let i = 0; i < 50 && covers(at); i++) at.x += 60;
      return at;
    },
    [api],
  );

  const name = pkg.name[lang] || pkg.name[lang === 'tr' ? 'en' : 'tr'] || pkg.package_id;
  const fileName = (pkg.name.en || pkg.name.tr || 'package').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'package';
  const notice = p.notice;

  return (
    <div className={`rule-canvas${viewing ? ' rule-canvas--viewing' : ''}`} ref={area}>
      <div className="rule-canvas__head">
        {title}
        <h2 className="rule-canvas__name" ref={nameHeading} tabIndex={-1}>
          {name}
        </h2>
        <p className="rule-canvas__status" aria-live="polite">
          {t('rules.status', { version: pkg.version, status: t(`rules.packageStatus.${pkg.status}`) })}
          {pkg.published_version && pkg.status !== 'published' ? ` · ${t('rules.publishedVersion', { version: pkg.published_version })}` : ''}
          {p.dirty ? ` · ${t('rules.unsaved')}` : ''}
          {!p.canEdit ? ` · ${t('rules.readOnly')}` : ''}
        </p>
      </div>
      <Toolbar
        onAdd={placeFor}
        onFit={() => fits.readable(200)}
        onFitAll={() => fits.whole(200)}
        onDelete={askDelete}
        onSave={() => void p.save()}
        onPublish={() => void p.publish()}
        busy={p.busy}
        dirty={p.dirty}
        canEdit={p.canEdit && !viewing}
        fileName={viewing ? `${fileName}-v${viewing.version}` : fileName}
        setNotice={p.setNotice}
      />
      {p.conflict && (
        <div className="notice notice--error rule-conflict" role="alert">
          <p>
            <strong>{t('rules.save.conflictTitle')}</strong> {p.conflict.text}
          </p>
          <p>{t('rules.save.conflictHelp')}</p>
          {p.detailsDirty && <p>{t('rules.save.conflictDetails')}</p>}
          <div className="form__actions">
            <button type="button" className="button button--small" onClick={() => void p.loadLatest()} disabled={p.busy !== null}>
              {t('rules.save.loadLatest')}
            </button>
          </div>
        </div>
      )}
      {viewing && (
        <div className="notice notice--info rule-viewing" role="status">
          <p>
            <strong>{t('rules.versions.viewing', { version: viewing.version, status: t(`rules.packageStatus.${viewing.status}`) })}</strong>
            {p.canEdit ? ` ${t('rules.versions.viewingHelp', { version: pkg.version })}` : ''}
          </p>
          <button ref={backButton} type="button" className="button button--small" onClick={p.closeVersion}>
            {t('rules.versions.back', { version: pkg.version })}
          </button>
        </div>
      )}
      {notice && (
        <Notice kind={notice.kind}>
          {notice.text}
          {notice.issues && notice.issues.length > 0 && <ServerIssues issues={notice.issues} />}
        </Notice>
      )}
      <div className="rule-canvas__body" ref={body}>
        <Canvas onInit={(i) => (flow.current = i)} onDelete={askDelete} />
        {panel.shown && !panel.phone && <PanelSplitter width={panelWidth} max={panelMax} />}
        <SidePanel onDelete={askDelete} pkg={p} shown={panel.shown} phone={panel.phone} width={panelWidth} />
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('rules.delete.title')}
          confirmLabel={t('rules.delete.confirm')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            api.getState().run({ type: 'node.delete', nodes: deleting.nodes, edges: deleting.edges });
            setDeleting(null);
          }}
        >
          <p>{t('rules.delete.text', { nodes: deleting.nodes.length, edges: deleting.edges.length })}</p>
        </ConfirmDialog>
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog title={t('rules.leave.title')} confirmLabel={t('rules.leave.confirm')} onCancel={() => blocker.reset?.()} onConfirm={() => blocker.proceed?.()}>
          <p>{t('rules.leave.text')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The problems the server named when it refused to publish, each opening its node. */
function ServerIssues({ issues }: { issues: RuleIssue[] }) {
  return <IssueList id="server-issues" issues={issues.filter((i) => i && typeof i.message === 'object')} />;
}
