// The protocol on the server: loading it with its versions, confirmations and shares; saving the draft (the
// first save of a new protocol creates it; 14101 when someone saved meanwhile, with a way to load the latest;
// 14021 when a change passes the protocol's warning percent, confirmed and sent again); publishing (the
// server's problems when it refuses); sharing, copying, deleting and the FHIR export. The editor's store holds
// the document; this hook holds the protocol around it and what was last saved.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../src/api/errors';
import { protocolCopy, protocolDelete, protocolExport, protocolGet, protocolNew, protocolPublish, protocolSave, protocolShare, protocolUnshare } from '../../src/generated/client/protocol';
import type { Protocol, ProtocolVisibility } from '../../src/generated/types/entities';
import type { ProtocolGetResponse } from '../../src/generated/types/routes';
import type { Problem } from './problems';
import { createEditorStore, type EditorState, type ProtocolDoc } from './store';

export type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;
export type VersionEntry = ProtocolGetResponse['version_list'][number];
export type Confirmation = ProtocolGetResponse['change_confirmation_list'][number];
export type Change = Confirmation['change_list'][number];
export type ShareEntry = NonNullable<ProtocolGetResponse['share_list']>[number];

/** What the save route takes of a protocol: the document without what the server keeps. */
export function documentOf(p: ProtocolDoc & Partial<Protocol>): ProtocolDoc {
  const { protocol_id: _i, owner: _o, status: _s, published_version: _p, is_example: _e, version: _v, created_at: _c, updated_at: _u, ...doc } = p;
  // A shared protocol names its users (the contract requires the list; the shares themselves are the owner's).
  if (doc.visibility !== 'shared') delete doc.shared_user_list;
  else doc.shared_user_list ??= [];
  return doc;
}
const same = (a: ProtocolDoc, b: ProtocolDoc) => a === b || JSON.stringify(documentOf(a)) === JSON.stringify(documentOf(b));

/** A new protocol before its first save: one drug line on day 1 of a 21-day cycle, the contract's defaults. */
export const blankProtocol = (line: ProtocolDoc['drug_list'][number]): ProtocolDoc => ({ visibility: 'private', protocol_type: 'chemotherapy', cycle_count: 6, cycle_length_days: 21, bsa_formula: 'mosteller', renal_weight: 'actual', gfr_cap: 125, change_warning_percent: 20, drug_list: [line] });

export function useProtocol(protocolId: string | null, blank: () => ProtocolDoc) {
  const { t } = useTranslation();
  const [protocol, setProtocol] = useState<Protocol | null>(null);
  const [answer, setAnswer] = useState<Omit<ProtocolGetResponse, 'protocol'> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [store, setStore] = useState<StoreApi<EditorState> | null>(null);
  const [saved, setSaved] = useState<ProtocolDoc | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'load' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  /** A save refused for changes beyond the warning percent: the changes, until confirmed or cancelled. */
  const [warnings, setWarnings] = useState<Change[] | null>(null);
  /** The server's problems (a publish refused with 14100, or a save's bad input), at their fields and listed. */
  const [problems, setProblems] = useState<Problem[]>([]);
  /** A save refused as bad input (the contract's bounds): its field errors are shown at their fields. */
  const [badInput, setBadInput] = useState<ApiError | null>(null);
  /** The id the first save of a new protocol created (the page then opens it). */
  const [created, setCreated] = useState<string | null>(null);
  const storeRef = useRef<StoreApi<EditorState> | null>(null);
  const tRef = useRef(t);
  tRef.current = t;
  const errorText = useCallback((e: unknown) => (e instanceof ApiError ? e.status_message : tRef.current('common.unexpected')), []);

  const accept = useCallback((a: ProtocolGetResponse) => {
    const { protocol: p, ...rest } = a;
    setProtocol(p);
    setAnswer(rest);
    setSaved(documentOf(p));
    return p;
  }, []);

  // Only the newest load's answer counts: a newer one, or leaving, makes an older one moot.
  const loads = useRef(0);
  const load = useCallback(() => {
    const n = ++loads.current;
    setLoadError(null);
    if (!protocolId) {
      const s = createEditorStore(blank());
      storeRef.current = s;
      setStore(s);
      return;
    }
    protocolGet({ protocol_id: protocolId }).then(
      (a) => {
        if (n !== loads.current) return;
        const p = accept(a);
        const s = createEditorStore(documentOf(p), !a.can_edit);
        storeRef.current = s;
        setStore(s);
      },
      (e: unknown) => n === loads.current && setLoadError(errorText(e)),
    );
  }, [protocolId, errorText, accept, blank]);
  useEffect(() => {
    load();
    return () => {
      loads.current += 1;
    };
  }, [load]);

  const [doc, setDoc] = useState<ProtocolDoc | null>(null);
  useEffect(() => {
    if (!store) return;
    setDoc(store.getState().doc);
    return store.subscribe((s, old) => s.doc !== old.doc && setDoc(s.doc));
  }, [store]);
  // A new protocol is unsaved from the first change.
  const dirty = useMemo(() => Boolean(doc && (saved ? !same(doc, saved) : store?.getState().history.past.length)), [doc, saved, store]);

  const refused = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError && e.status_code === '14101') setConflict(e.status_message);
      else setNotice({ kind: 'error', text: errorText(e) });
      if (e instanceof ApiError && Array.isArray(e.details.problem_list)) setProblems(e.details.problem_list as Problem[]);
      if (e instanceof ApiError && e.errors.length) setBadInput(e);
    },
    [errorText],
  );

  const loadLatest = useCallback(async () => {
    const s = storeRef.current;
    if (!s || !protocolId) return;
    setBusy('load');
    try {
      const p = accept(await protocolGet({ protocol_id: protocolId }));
      s.getState().load(documentOf(p));
      setConflict(null);
      setNotice({ kind: 'info', text: t('protocol.save.loaded', { version: p.version }) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  }, [protocolId, t, errorText, accept]);

  /** Saves the document as the draft (creates a new protocol); answers the saved protocol, or null when refused. */
  const save = useCallback(
    async (confirmChanges = false): Promise<Protocol | null> => {
      const s = storeRef.current;
      // A new protocol is created once: after that the page opens it (typing meanwhile stays unsaved there).
      if (!s || created) return null;
      const sent = documentOf(s.getState().doc);
      setBusy('save');
      setNotice(null);
      setProblems([]);
      setBadInput(null);
      try {
        if (!protocol) {
          const created = (await protocolNew({ protocol: sent })).protocol;
          setSaved(sent);
          setCreated(created.protocol_id);
          return created;
        }
        const p = (await protocolSave({ protocol_id: protocol.protocol_id, version: protocol.version!, protocol: sent, ...(confirmChanges ? { confirm_changes: true } : {}) })).protocol;
        setProtocol(p);
        // The saved document is what was sent: typing that went on while saving stays unsaved.
        setSaved(sent);
        setAnswer((a) => a && { ...a, version_list: a.version_list.some((v) => v.version === p.version) ? a.version_list : [{ version: p.version!, status: 'draft', created_at: p.updated_at ?? new Date().toISOString() }, ...a.version_list] });
        setConflict(null);
        setWarnings(null);
        setNotice({ kind: 'success', text: t('protocol.save.saved', { version: p.version }) });
        // A confirmed change is recorded with the version: read it back for the history.
        if (confirmChanges) void protocolGet({ protocol_id: p.protocol_id }).then(({ protocol: _p, ...rest }) => setAnswer(rest), () => undefined);
        return p;
      } catch (e) {
        if (e instanceof ApiError && e.status_code === '14021' && Array.isArray(e.details.change_warning_list)) setWarnings(e.details.change_warning_list as Change[]);
        else refused(e);
        return null;
      } finally {
        setBusy(null);
      }
    },
    [protocol, created, t, refused],
  );

  const publish = useCallback(async () => {
    if (!storeRef.current || !protocol) return;
    let current: Protocol | null = protocol;
    if (dirty) current = await save();
    if (!current) return;
    if (current.status === 'published') {
      setNotice({ kind: 'info', text: t('protocol.publish.already', { version: current.version }) });
      return;
    }
    setBusy('publish');
    setProblems([]);
    try {
      const p = (await protocolPublish({ protocol_id: current.protocol_id, version: current.version! })).protocol;
      setProtocol(p);
      setSaved(documentOf(p));
      setAnswer((a) => a && { ...a, version_list: a.version_list.map((v) => (v.version === p.version ? { ...v, status: 'published' } : v)) });
      setNotice({ kind: 'success', text: t('protocol.publish.done', { version: p.version }) });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(null);
    }
  }, [protocol, dirty, save, t, refused]);

  /** Shares with a user (again: changes can_edit); a refusal is thrown for the sharing section to show. */
  const share = useCallback(
    async (username: string, can_edit: boolean) => {
      const { share_list } = await protocolShare({ protocol_id: protocolId!, username, can_edit });
      setAnswer((a) => a && { ...a, share_list });
    },
    [protocolId],
  );
  const unshare = useCallback(
    async (username: string) => {
      const { share_list } = await protocolUnshare({ protocol_id: protocolId!, username });
      setAnswer((a) => a && { ...a, share_list });
    },
    [protocolId],
  );

  /** A private draft copy of the caller's own from this protocol's published version (its draft when none). */
  const copy = useCallback(
    async (visibility: ProtocolVisibility): Promise<string | null> => {
      try {
        return (await protocolCopy({ protocol_id: protocolId!, visibility, ...(protocol?.published_version ? {} : { version: protocol?.version }) })).protocol.protocol_id;
      } catch (e) {
        setNotice({ kind: 'error', text: errorText(e) });
        return null;
      }
    },
    [protocolId, protocol, errorText],
  );

  /** Deletes a protocol that was never published (its owner); answers whether it is gone. */
  const remove = useCallback(async (): Promise<boolean> => {
    try {
      await protocolDelete({ protocol_id: protocolId! });
      setSaved(storeRef.current?.getState().doc ?? null);
      return true;
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
      return false;
    }
  }, [protocolId, errorText]);

  /** The FHIR R4 bundle of the version shown, and the server's notes on what FHIR cannot carry. */
  const exportFhir = useCallback(async () => {
    try {
      return await protocolExport({ protocol_id: protocolId!, version: protocol?.version });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(e) });
      return null;
    }
  }, [protocolId, protocol, errorText]);

  return { protocol, answer, loadError, retry: load, store, dirty, busy, notice, setNotice, conflict, warnings, setWarnings, problems, badInput, created, save, publish, loadLatest, share, unshare, copy, remove, exportFhir };
}

export type ProtocolState = ReturnType<typeof useProtocol>;
