// The package on the server: loading it, saving the draft (a 409 when someone saved meanwhile, with a way to
// load the latest), publishing (the server's problems when it refuses) — the canvas's store holds the
// document, this hook holds the package around it (id, version, status, name) and what was last saved.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../src/api/errors';
import { rulePackageGet, rulePackagePublish, rulePackageSave } from '../../src/generated/client';
import type { DecisionPackage } from '../../src/generated/types/entities';
import type { DecisionGraph, RuleIssue } from '../../src/domain/rules';
import { createCanvasStore, type CanvasState } from './store';

export type Notice = { kind: 'success' | 'error' | 'info'; text: string; issues?: RuleIssue[] } | null;

export interface Conflict {
  text: string;
  current?: number;
}

const docOf = (p: DecisionPackage): DecisionGraph => p.document as unknown as DecisionGraph;

/** A refused save's field errors (document.nodes.3.code) as problems placed on their nodes. */
function fieldIssues(e: ApiError, sent: DecisionGraph): RuleIssue[] | undefined {
  if (!e.errors.length) return undefined;
  return e.errors.map((f) => {
    const m = /^document\.(nodes|edges)\.(\d+)(?:\.(.+))?$/.exec(f.field);
    const item = m ? sent[m[1] as 'nodes' | 'edges'][Number(m[2])] : undefined;
    const text = item ? `${item.id}${m![3] ? ` (${m![3]})` : ''}: ${f.message}` : `${f.field}: ${f.message}`;
    return { code: 'invalid_input', severity: 'error', message: { en: text, tr: text }, ...(item && m![1] === 'nodes' ? { node_id: item.id } : item ? { edge_id: item.id } : {}) };
  });
}
const same = (a: DecisionGraph, b: DecisionGraph) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function usePackage(packageId: string) {
  const { t } = useTranslation();
  const [pkg, setPkg] = useState<DecisionPackage | null>(null);
  const [canEdit, setCanEdit] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [store, setStore] = useState<StoreApi<CanvasState> | null>(null);
  const [saved, setSaved] = useState<DecisionGraph | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'load' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [attempt, setAttempt] = useState(0);
  const storeRef = useRef<StoreApi<CanvasState> | null>(null);

  // The words follow the language, but switching it must not reload the package (and drop unsaved work).
  const tRef = useRef(t);
  tRef.current = t;
  const errorText = useCallback((e: unknown) => (e instanceof ApiError ? e.status_message : tRef.current('common.unexpected')), []);

  // The first load makes the store; "load the latest" loads into the same store.
  useEffect(() => {
    let live = true;
    setLoadError(null);
    rulePackageGet({ package_id: packageId }).then(
      (answer) => {
        if (!live) return;
        const p = answer.decision_package;
        setPkg(p);
        setCanEdit(answer.can_edit);
        setSaved(docOf(p));
        const s = createCanvasStore(docOf(p), !answer.can_edit);
        storeRef.current = s;
        setStore(s);
      },
      (e: unknown) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [packageId, attempt, errorText]);

  const [doc, setDoc] = useState<DecisionGraph | null>(null);
  useEffect(() => {
    if (!store) return;
    setDoc(store.getState().doc);
    return store.subscribe((s, old) => s.doc !== old.doc && setDoc(s.doc));
  }, [store]);
  const dirty = useMemo(() => Boolean(doc && saved && !same(doc, saved)), [doc, saved]);

  const loadLatest = useCallback(async () => {
    const s = storeRef.current;
    if (!s) return;
    setBusy('load');
    try {
      const answer = await rulePackageGet({ package_id: packageId });
      const p = answer.decision_package;
      setPkg(p);
      setCanEdit(answer.can_edit);
      setSaved(docOf(p));
      s.getState().load(docOf(p), !answer.can_edit);
      setConflict(null);
      setNotice({ kind: 'info', text: t('rules.save.loaded', { version: p.version }) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  }, [packageId, t, errorText]);

  /** Saves the document as the draft; answers the saved package, or null when it was refused. */
  const save = useCallback(async (): Promise<DecisionPackage | null> => {
    const s = storeRef.current;
    if (!s || !pkg) return null;
    const sent = s.getState().doc;
    setBusy('save');
    setNotice(null);
    try {
      const answer = await rulePackageSave({ package_id: packageId, version: pkg.version, document: sent as never });
      const p = answer.decision_package;
      setPkg(p);
      setSaved(sent);
      setConflict(null);
      setNotice({ kind: 'success', text: t('rules.save.saved', { version: p.version }) });
      return p;
    } catch (e) {
      if (e instanceof ApiError && e.status_code === '14041') setConflict({ text: e.status_message, current: e.details.current_version as number | undefined });
      else setNotice({ kind: 'error', text: errorText(e), issues: e instanceof ApiError ? fieldIssues(e, sent) : undefined });
      return null;
    } finally {
      setBusy(null);
    }
  }, [pkg, packageId, t, errorText]);

  const publish = useCallback(async () => {
    const s = storeRef.current;
    if (!s || !pkg) return;
    let current: DecisionPackage | null = pkg;
    if (dirty) current = await save();
    if (!current) return;
    if (current.status === 'published') {
      setNotice({ kind: 'info', text: t('rules.publish.already', { version: current.version }) });
      return;
    }
    setBusy('publish');
    try {
      const answer = await rulePackagePublish({ package_id: packageId, version: current.version });
      setPkg(answer.decision_package);
      setNotice({ kind: 'success', text: t('rules.publish.done', { version: answer.decision_package.version }) });
    } catch (e) {
      const issues = e instanceof ApiError && Array.isArray(e.details.issues) ? (e.details.issues as RuleIssue[]) : undefined;
      if (e instanceof ApiError && e.status_code === '14041') setConflict({ text: e.status_message, current: e.details.current_version as number | undefined });
      else setNotice({ kind: 'error', text: errorText(e), issues });
      if (issues?.length) s.getState().setTab('problems');
    } finally {
      setBusy(null);
    }
  }, [pkg, dirty, save, packageId, t, errorText]);

  return { pkg, canEdit, loadError, retry: () => setAttempt((n) => n + 1), store, dirty, busy, notice, setNotice, conflict, save, publish, loadLatest };
}
