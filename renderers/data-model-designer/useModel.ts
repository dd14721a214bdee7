// The model on the server: loading it, saving the draft (a 409 when someone saved meanwhile, with a way to
// load the latest), publishing (the server's problems when it refuses). The designer's store holds the
// document; this hook holds the model around it (id, version, status) and what was last saved.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../src/api/errors';
import { dataModelDelete, dataModelGet, dataModelPublish, dataModelRetire, dataModelSave, dataModelShare, dataModelUnshare } from '../../src/generated/client';
import type { DataModel } from '../../src/generated/types/entities';
import type { DataModelGetResponse } from '../../src/generated/types/routes';
import type { Problem } from '../../src/domain/data-model/validate';
import { createDesignerStore, type DesignerState } from './store';

export type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;

export interface Conflict {
  text: string;
  current?: number;
}

export type VersionEntry = DataModelGetResponse['version_list'][number];
export type ShareEntry = NonNullable<DataModelGetResponse['share_list']>[number];

/** What the server stores of a model: the document without what the row knows. */
const documentOf = (m: DataModel) => ({
  title: m.title,
  language: m.language,
  ...(m.color ? { color: m.color } : {}),
  ...(m.template !== undefined ? { template: m.template } : {}),
  group_list: m.group_list,
});
const same = (a: DataModel, b: DataModel) => a === b || JSON.stringify(documentOf(a)) === JSON.stringify(documentOf(b));

export function useModel(modelId: string) {
  const { t } = useTranslation();
  const [model, setModel] = useState<DataModel | null>(null);
  const [canEdit, setCanEdit] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [shares, setShares] = useState<ShareEntry[]>([]);
  const [versions, setVersions] = useState<VersionEntry[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [store, setStore] = useState<StoreApi<DesignerState> | null>(null);
  const [saved, setSaved] = useState<DataModel | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'load' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The server's refusal of a publish: its problems, shown on the Problems tab. */
  const [serverProblems, setServerProblems] = useState<Problem[] | null>(null);
  const storeRef = useRef<StoreApi<DesignerState> | null>(null);

  const tRef = useRef(t);
  tRef.current = t;
  const errorText = useCallback((e: unknown) => (e instanceof ApiError ? e.status_message : tRef.current('common.unexpected')), []);

  const accept = useCallback((answer: DataModelGetResponse) => {
    setModel(answer.data_model);
    setCanEdit(answer.can_edit);
    setCanShare(answer.can_share);
    setShares(answer.share_list ?? []);
    setVersions(answer.version_list);
    setSaved(answer.data_model);
    return answer.data_model;
  }, []);

  // Only the newest load's answer counts: a newer one, or leaving, makes an older one moot.
  const loads = useRef(0);
  const load = useCallback(() => {
    const n = ++loads.current;
    setLoadError(null);
    dataModelGet({ data_model_id: modelId }).then(
      (answer) => {
        if (n !== loads.current) return;
        const m = accept(answer);
        // A retired model takes no changes: it opens read-only, for its owner too.
        const s = createDesignerStore(m, !answer.can_edit || m.status === 'retired');
        storeRef.current = s;
        setStore(s);
      },
      (e: unknown) => n === loads.current && setLoadError(errorText(e)),
    );
  }, [modelId, errorText, accept]);
  useEffect(() => {
    load();
    return () => {
      loads.current += 1;
    };
  }, [load]);

  const [doc, setDoc] = useState<DataModel | null>(null);
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
      const m = accept(await dataModelGet({ data_model_id: modelId }));
      s.getState().load(m, !canEdit || m.status === 'retired');
      setConflict(null);
      setNotice({ kind: 'info', text: t('designer.save.loaded', { version: m.version }) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  }, [modelId, t, errorText, accept, canEdit]);

  /** Saves the document as the draft; answers the saved model, or null when it was refused. */
  const save = useCallback(async (): Promise<DataModel | null> => {
    const s = storeRef.current;
    if (!s || !model) return null;
    const sent = s.getState().doc;
    setBusy('save');
    setNotice(null);
    try {
      const answer = await dataModelSave({ data_model_id: modelId, version: model.version, data_model: documentOf(sent) });
      const m = answer.data_model;
      setModel(m);
      // The saved document is what was sent: typing that went on while saving stays unsaved.
      setSaved({ ...m, ...documentOf(sent) });
      setVersions((list) => (list.some((v) => v.version === m.version) ? list : [{ version: m.version, status: 'draft', created_at: m.updated_at ?? new Date().toISOString() }, ...list]));
      setConflict(null);
      setNotice({ kind: 'success', text: t('designer.save.saved', { version: m.version }) });
      return m;
    } catch (e) {
      if (e instanceof ApiError && e.status_code === '14051') setConflict({ text: e.status_message, current: e.details.current_version as number | undefined });
      else setNotice({ kind: 'error', text: errorText(e) });
      return null;
    } finally {
      setBusy(null);
    }
  }, [model, modelId, t, errorText]);

  const publish = useCallback(async () => {
    const s = storeRef.current;
    if (!s || !model) return;
    let current: DataModel | null = model;
    if (dirty) current = await save();
    if (!current) return;
    if (current.status === 'published') {
      setNotice({ kind: 'info', text: t('designer.publish.already', { version: current.version }) });
      return;
    }
    setBusy('publish');
    setServerProblems(null);
    try {
      const answer = await dataModelPublish({ data_model_id: modelId, version: current.version });
      setModel(answer.data_model);
      setSaved(answer.data_model);
      setVersions((list) => list.map((v) => (v.version === answer.data_model.version ? { ...v, status: 'published' } : v)));
      setNotice({ kind: 'success', text: t('designer.publish.done', { version: answer.data_model.version }) });
    } catch (e) {
      const problems = e instanceof ApiError && Array.isArray(e.details.problem_list) ? (e.details.problem_list as Problem[]) : null;
      if (e instanceof ApiError && e.status_code === '14051') setConflict({ text: e.status_message, current: e.details.current_version as number | undefined });
      else setNotice({ kind: 'error', text: errorText(e) });
      if (problems?.length) {
        setServerProblems(problems);
        s.getState().setTab('problems');
      }
    } finally {
      setBusy(null);
    }
  }, [model, dirty, save, modelId, t, errorText]);

  /** Shares with a user (again: changes can_edit); a refusal is thrown for the sharing section to show. */
  const share = useCallback(
    async (username: string, can_edit: boolean) => {
      setShares((await dataModelShare({ data_model_id: modelId, username, can_edit })).share_list);
    },
    [modelId],
  );
  const unshare = useCallback(
    async (username: string) => {
      setShares((await dataModelUnshare({ data_model_id: modelId, username })).share_list);
    },
    [modelId],
  );

  /** Retires the model (its owner): kept with its versions and records, no new records or changes from now on. */
  const retire = useCallback(async () => {
    try {
      const answer = await dataModelRetire({ data_model_id: modelId });
      setModel((m) => (m ? { ...m, status: answer.status } : m));
      storeRef.current?.getState().load(storeRef.current.getState().doc, true);
      setNotice({ kind: 'success', text: t('designer.retire.done') });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
    }
  }, [modelId, t, errorText]);

  /** Deletes a model that was never published (its owner); answers whether it is gone. */
  const remove = useCallback(async (): Promise<boolean> => {
    try {
      await dataModelDelete({ data_model_id: modelId });
      setSaved(storeRef.current?.getState().doc ?? null);
      return true;
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
      return false;
    }
  }, [modelId, errorText]);

  return { model, canEdit, canShare, shares, share, unshare, retire, remove, versions, loadError, retry: load, store, dirty, busy, notice, setNotice, conflict, save, publish, loadLatest, serverProblems };
}

export type ModelState = ReturnType<typeof useModel>;
