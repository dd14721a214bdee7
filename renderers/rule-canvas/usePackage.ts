// The package on the server: loading it, saving the draft (a 409 when someone saved meanwhile, with a way to
// load the latest), publishing (the server's problems when it refuses) — the canvas's store holds the
// document, this hook holds the package around it (id, version, status, name) and what was last saved.
// Also: the name and description typed in the Package tab (saved with the draft), the version list and an
// older version opened read-only in a store of its own (the draft's store, its history and unsaved changes
// stay as they are), the share list, and a run of a published version on the server.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../src/api/errors';
import { rulePackageGet, rulePackagePublish, rulePackageRun, rulePackageSave, rulePackageShare, rulePackageUnshare } from '../../src/generated/client';
import type { DecisionPackage } from '../../src/generated/types/entities';
import type { RulePackageGetResponse, RulePackageRunResponse } from '../../src/generated/types/routes';
import { useAppStore } from '../../src/app/store';
import type { DecisionGraph, RuleIssue } from '../../src/domain/rules';
import { createCanvasStore, type CanvasState } from './store';

export type Notice = { kind: 'success' | 'error' | 'info'; text: string; issues?: RuleIssue[] } | null;

export interface Conflict {
  text: string;
  current?: number;
}

const docOf = (p: DecisionPackage): DecisionGraph => p.document as unknown as DecisionGraph;

export type VersionEntry = RulePackageGetResponse['version_list'][number];
export type ShareEntry = NonNullable<RulePackageGetResponse['share_list']>[number];
export type RunAnswer = RulePackageRunResponse;

/** The package's name and description as typed in the Package tab (both languages, '' when empty). */
export interface Details {
  name: { tr: string; en: string };
  description: { tr: string; en: string };
}

export const detailsOf = (p: DecisionPackage): Details => ({
  name: { tr: p.name.tr ?? '', en: p.name.en ?? '' },
  description: { tr: p.description?.tr ?? '', en: p.description?.en ?? '' },
});
const sameDetails = (a: Details, b: Details) =>
  (['name', 'description'] as const).every((k) => a[k].tr.trim() === b[k].tr.trim() && a[k].en.trim() === b[k].en.trim());
/** A bilingual text as the server takes it: the languages written, trimmed (it needs at least one). */
const texts = (v: { tr: string; en: string }) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim()]).filter(([, x]) => x)) as { tr?: string; en?: string };

/**
 * What stops typed details from being saved: a name in neither language, or a description emptied (the
 * server keeps the old one when none is sent, and refuses an empty one: it can be changed, not removed).
 */
export function detailsProblem(d: Details, p: DecisionPackage): 'nameNeeded' | 'descriptionNeeded' | null {
  if (!Object.keys(texts(d.name)).length) return 'nameNeeded';
  if (p.description && !Object.keys(texts(d.description)).length) return 'descriptionNeeded';
  return null;
}

/** The version list after a save or publish answered `p` (newest first; a new draft goes on top). */
function withVersion(list: VersionEntry[], p: DecisionPackage, savedBy?: string): VersionEntry[] {
  const published = p.status === 'published' && p.published_at ? { published_at: p.published_at } : {};
  const by = savedBy ? { saved_by_username: savedBy } : {};
  if (!list.some((v) => v.version === p.version))
    return [{ version: p.version, status: p.status, created_at: p.updated_at ?? new Date().toISOString(), ...published, ...by }, ...list];
  return list.map((v) => (v.version === p.version ? { ...v, status: p.status, ...published, ...by } : v));
}

/** An older version opened read-only: its own store (the draft's store is left as it is). */
export interface Viewing {
  version: number;
  status: DecisionPackage['status'];
  store: StoreApi<CanvasState>;
}

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
  const storeRef = useRef<StoreApi<CanvasState> | null>(null);
  const [versions, setVersions] = useState<VersionEntry[]>([]);
  const [shares, setShares] = useState<ShareEntry[] | undefined>(undefined);
  const [canShare, setCanShare] = useState(false);
  const [typed, setTyped] = useState<Details | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const username = useAppStore((s) => s.session.user?.username);

  // The words follow the language, but switching it must not reload the package (and drop unsaved work).
  const tRef = useRef(t);
  tRef.current = t;
  const errorText = useCallback((e: unknown) => (e instanceof ApiError ? e.status_message : tRef.current('common.unexpected')), []);

  /** Takes a get answer as the newest saved state of the package; answers the package. */
  const accept = useCallback((answer: RulePackageGetResponse) => {
    const p = answer.decision_package;
    setPkg(p);
    setCanEdit(answer.can_edit);
    setCanShare(answer.can_share);
    setVersions(answer.version_list);
    setShares(answer.share_list);
    setSaved(docOf(p));
    return p;
  }, []);

  // The first load makes the store ("retry" loads again after a failure); "load the latest" loads into the
  // same store. Only the newest load's answer counts: a newer one, or leaving, makes an older one moot.
  const loads = useRef(0);
  const load = useCallback(() => {
    const n = ++loads.current;
    setLoadError(null);
    rulePackageGet({ package_id: packageId }).then(
      (answer) => {
        if (n !== loads.current) return;
        const p = accept(answer);
        const s = createCanvasStore(docOf(p), !answer.can_edit);
        storeRef.current = s;
        setStore(s);
      },
      (e: unknown) => n === loads.current && setLoadError(errorText(e)),
    );
  }, [packageId, errorText, accept]);
  useEffect(() => {
    load();
    return () => {
      loads.current += 1;
    };
  }, [load]);

  const [doc, setDoc] = useState<DecisionGraph | null>(null);
  useEffect(() => {
    if (!store) return;
    setDoc(store.getState().doc);
    return store.subscribe((s, old) => s.doc !== old.doc && setDoc(s.doc));
  }, [store]);
  const docDirty = useMemo(() => Boolean(doc && saved && !same(doc, saved)), [doc, saved]);
  // Typed details count as unsaved until they are saved (or equal the package's again).
  const details = typed ?? (pkg ? detailsOf(pkg) : null);
  const detailsDirty = Boolean(typed && pkg && !sameDetails(typed, detailsOf(pkg)));
  const dirty = docDirty || detailsDirty;

  const loadLatest = useCallback(async () => {
    const s = storeRef.current;
    if (!s) return;
    setBusy('load');
    try {
      const answer = await rulePackageGet({ package_id: packageId });
      const p = accept(answer);
      s.getState().load(docOf(p), !answer.can_edit);
      setViewing(null);
      setConflict(null);
      setNotice({ kind: 'info', text: t('rules.save.loaded', { version: p.version }) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  }, [packageId, t, errorText, accept]);

  /** Saves the document as the draft; answers the saved package, or null when it was refused. */
  const save = useCallback(async (): Promise<DecisionPackage | null> => {
    const s = storeRef.current;
    if (!s || !pkg) return null;
    const sent = s.getState().doc;
    // The typed name and description go with the draft; what the server would refuse is said first.
    const pending = detailsDirty ? typed : null;
    const problem = pending && detailsProblem(pending, pkg);
    if (problem) {
      setNotice({ kind: 'error', text: t(`rules.details.${problem}`) });
      s.getState().setTab('package');
      return null;
    }
    const description = pending && texts(pending.description);
    setBusy('save');
    setNotice(null);
    try {
      const answer = await rulePackageSave({
        package_id: packageId,
        version: pkg.version,
        document: sent as never,
        ...(pending ? { name: texts(pending.name), ...(Object.keys(description!).length ? { description: description! } : {}) } : {}),
      });
      const p = answer.decision_package;
      setPkg(p);
      setSaved(sent);
      // Typing that went on while saving stays typed.
      if (pending) setTyped((now) => (now === pending ? null : now));
      setVersions((list) => withVersion(list, p, username));
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
  }, [pkg, packageId, t, errorText, detailsDirty, typed, username]);

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
      setVersions((list) => withVersion(list, answer.decision_package));
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

  /** Opens a version read-only beside the draft (the draft's own version goes back to it). */
  const openVersion = useCallback(
    async (version: number) => {
      if (!pkg) return;
      if (version === pkg.version) {
        setViewing(null);
        return;
      }
      setBusy('load');
      try {
        const answer = await rulePackageGet({ package_id: packageId, version });
        const v = answer.decision_package;
        const s = createCanvasStore(docOf(v), true);
        // The side panel stays on the tab the version was opened from.
        s.getState().setTab(storeRef.current?.getState().tab ?? 'editor');
        setViewing({ version: v.version, status: v.status, store: s });
      } catch (e) {
        setNotice({ kind: 'error', text: errorText(e) });
      } finally {
        setBusy(null);
      }
    },
    [pkg, packageId, errorText],
  );
  const closeVersion = useCallback(() => setViewing(null), []);

  /** Shares with a user (again: changes can_edit); a refusal is thrown for the form to show. */
  const share = useCallback(async (user: string, edit: boolean) => {
    const answer = await rulePackageShare({ package_id: packageId, username: user, can_edit: edit });
    setShares(answer.share_list);
  }, [packageId]);
  const unshare = useCallback(async (user: string) => {
    const answer = await rulePackageUnshare({ package_id: packageId, username: user });
    setShares(answer.share_list);
  }, [packageId]);

  /** The newest published version (what a run without a version uses), if any. */
  const publishedVersion = pkg?.published_version ?? (pkg?.status === 'published' ? pkg.version : versions.find((v) => v.status === 'published')?.version);
  /** Runs a published version on the server with one record. */
  const runPublished = useCallback(
    (version: number, record: Record<string, unknown>, today?: string): Promise<RunAnswer> => rulePackageRun({ package_id: packageId, version, record, ...(today ? { today } : {}) }),
    [packageId],
  );

  return {
    pkg,
    canEdit,
    canShare,
    loadError,
    retry: load,
    store,
    dirty,
    busy,
    notice,
    setNotice,
    conflict,
    save,
    publish,
    loadLatest,
    details,
    detailsDirty,
    setDetails: setTyped,
    versions,
    viewing,
    openVersion,
    closeVersion,
    shares,
    share,
    unshare,
    publishedVersion,
    runPublished,
  };
}

export type PackageState = ReturnType<typeof usePackage>;
