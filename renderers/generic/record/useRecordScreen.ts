// The record controller (headless): loads the record named in the address (or starts a new one), knows
// whether the user may save it, saves through the new or edit route (naming the version it started from when
// the screen has a version field; a newer one answers 409 and offers to load it), keeps the server's field
// errors, tells the rest of the app (after_write), and guards unsaved changes (react-router's useBlocker for
// in-app navigation, beforeunload for the tab).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldMessages } from '../../../src/api/errors';
import { statusKeyOf } from '../../../src/domain/status-messages';
import { useErrorText, useRepeatableEffect, useStableValue } from '../../../src/app/ui';
import { useAccess, useActiveLabel, usePages } from '../../../src/app/router/hooks';
import { labelOf, routeInput, valueAt, type JsonSchema, type ResolvedScreen } from '../../../src/domain/screen';
import { fillText, recordName, type CellContext } from '../cells';
import { callRoute, mayCall, useScreenLinks } from '../context';
import { afterWrite } from '../effects';
import { formSchemaOf, type FormMode } from '../../../src/domain/form-schema';
import { useAppStore } from '../../../src/app/store';
import { formDataOf, serverErrorTree, stableJson, type ErrorTree } from './form';

export type Record_ = Record<string, unknown>;

export interface SaveOutcome {
  kind: 'success' | 'error';
  text: string;
  /** Messages of fields the form does not show, or what the server changed of a saved record. */
  details?: string[];
  /** A newer version was saved meanwhile: the view offers to load it. */
  conflict?: boolean;
}

/** A version conflict (its catalogue key ends so: 10030, 14041), the only refusal that loading the latest version answers. */
const isVersionConflict = (e: ApiError) => Boolean(statusKeyOf(e.status_code)?.endsWith('_version_conflict'));

/** The form fields the save answer holds with another value than was sent (surrounding spaces aside): the server changed them. */
export function changedFields(sent: Record<string, unknown>, saved: Record<string, unknown>): string[] {
  const trimmed = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null, (_k, x) => (typeof x === 'string' ? x.trim() : x)));
  return Object.keys(sent).filter((k) => sent[k] !== undefined && saved[k] !== undefined && stableJson(trimmed(sent[k])) !== stableJson(trimmed(saved[k])));
}

/** A save answer's reveal_once values: label and value, in the screen's order. */
export interface Revealed {
  field: string;
  label: string;
  value: string;
}

/**
 * Values shown once, handed from the save to the record view a new record reopens in. Kept in memory only
 * (never in the history state, which outlives the tab's page): a reload or a step back shows nothing.
 */
const pendingReveal = new Map<string, Revealed[]>();
let revealSeq = 0;

export function useRecordScreen(screen: ResolvedScreen, givenParams: Record<string, string | undefined>, recordId: string | undefined) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  // The parameters as one object per content: the page builds them on every render.
  const params = useStableValue(givenParams);
  const errorText = useErrorText();
  const access = useAccess();
  const pages = usePages();
  const navigate = useNavigate();
  const links = useScreenLinks();
  const currency = useAppStore((st) => st.currency.type);
  const cellContext: CellContext = useMemo(() => ({ lang, t, pages, currency }), [lang, t, pages, currency]);
  const versionField = screen.record?.version_field;
  const wrapper = screen.record?.request_record;
  const mode: FormMode = recordId ? 'edit' : 'new';
  const getRoute = screen.routes.get ? screen.route_table[screen.routes.get] : undefined;
  const saveRouteName = mode === 'edit' ? screen.routes.edit : screen.routes.new;
  const saveRoute = saveRouteName ? screen.route_table[saveRouteName] : undefined;
  const canSave = mayCall(saveRoute, access);
  const canRead = mode === 'new' || mayCall(getRoute, access);
  const formSchema: JsonSchema | undefined = canSave ? formSchemaOf(screen, mode) : undefined;

  // --- Loading the record.
  const [answer, setAnswer] = useState<Record_ | null>(null);
  const [loading, setLoading] = useState(Boolean(recordId));
  const [loadError, setLoadError] = useState<unknown>(null);
  const loadRecord = useCallback(() => {
    if (!recordId || !getRoute || !canRead) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    callRoute(getRoute, routeInput(getRoute, { ...params, [screen.key]: recordId }), { signal: controller.signal }).then(
      (a) => {
        if (controller.signal.aborted) return;
        setAnswer(a);
        setLoadError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(e);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [recordId, getRoute, canRead, params, screen.key]);
  const reload = useRepeatableEffect(loadRecord);
  const record = (answer ? valueAt(answer, screen.record?.record) : undefined) as Record_ | undefined;

  // --- The form's data, its last saved state, and whether it changed.
  const loadedData = useMemo(() => (formSchema ? formDataOf(record, formSchema) : {}), [record, formSchema]);
  const [formData, setFormData] = useState<Record_>(loadedData);
  const [baseline, setBaseline] = useState<string>(stableJson(loadedData));
  useEffect(() => {
    setFormData(loadedData);
    setBaseline(stableJson(loadedData));
  }, [loadedData]);
  const setFilledBaseline = useCallback((data: Record_) => setBaseline(stableJson(data)), []);
  const dirty = canSave && stableJson(formData) !== baseline;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // --- Saving.
  const [saving, setSaving] = useState(false);
  const location = useLocation();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(() => {
    const state = location.state as { created?: boolean; notice?: SaveOutcome } | null;
    return state?.notice ?? (state?.created ? { kind: 'success', text: t('screen.created') } : null);
  });
  // A refused save is kept as the error and worded at display: after a change of language its messages follow.
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const refused = useMemo(() => (refusal && formSchema ? serverErrorTree(fieldMessages(refusal, lang), formSchema, wrapper, lang) : null), [refusal, formSchema, wrapper, lang]);
  const serverErrors: ErrorTree | undefined = refused && Object.keys(refused.tree).length ? refused.tree : undefined;
  const shownOutcome: SaveOutcome | null = refusal
    ? {
        kind: 'error',
        // The fields are marked and named by their labels below: the message does not repeat them by their paths.
        text: statusKeyOf(refusal.status_code) === 'invalid_input' && refusal.errors.length ? t('screen.checkMarked') : errorText(refusal),
        details: refused?.elsewhere,
        ...(versionField && isVersionConflict(refusal) ? { conflict: true } : {}),
      }
    : outcome;
  const revealKey = (location.state as { reveal?: string } | null)?.reveal;
  const [revealed, setRevealed] = useState<Revealed[]>(() => (revealKey ? (pendingReveal.get(revealKey) ?? []) : []));
  useEffect(() => {
    if (revealKey) pendingReveal.delete(revealKey);
  }, [revealKey]);
  const save = useCallback(
    async (data: Record_) => {
      if (!saveRoute || !formSchema) return;
      setSaving(true);
      setOutcome(null);
      setRefusal(null);
      try {
        const own = { ...(recordId ? { [screen.key]: recordId } : {}), ...(recordId && versionField && record?.[versionField] !== undefined ? { [versionField]: record[versionField] } : {}) };
        let input: Record<string, unknown>;
        if (wrapper) {
          // The record goes into its request property, with its key and the version it started from.
          const inner = saveRoute.request.properties?.[wrapper]?.properties ?? {};
          input = { ...routeInput(saveRoute, params), [wrapper]: { ...data, ...Object.fromEntries(Object.entries(own).filter(([k]) => inner[k])) } };
        } else input = routeInput(saveRoute, { ...params, ...own }, data);
        const a = await callRoute(saveRoute, input);
        const shown: Revealed[] = (screen.record?.reveal_once ?? []).flatMap((r) => {
          const v = valueAt(a, r.field);
          return typeof v === 'string' && v ? [{ field: r.field, label: labelOf(r.label, lang, r.field), value: v }] : [];
        });
        const saved = (valueAt(a, screen.record?.record) as Record_ | undefined) ?? { ...data };
        const savedData = formDataOf(saved, formSchema);
        setFormData(savedData);
        setBaseline(stableJson(savedData));
        dirtyRef.current = false;
        afterWrite(screen, { kind: 'save', record: saved, answer: a });
        const done = labelOf(screen.record?.done?.[mode], lang);
        const changed = changedFields(data, savedData).map((k) => labelOf(formSchema.properties?.[k]?.['x-label'], lang, k));
        const notice: SaveOutcome = {
          kind: 'success',
          text: done ? fillText(done, screen, saved, cellContext) : mode === 'new' ? t('screen.created') : versionField && saved[versionField] !== undefined ? t('screen.savedVersion', { version: saved[versionField] }) : t('screen.saved'),
          ...(changed.length ? { details: [t('screen.adjusted', { fields: changed.join(', ') })] } : {}),
        };
        const to = mode === 'new' && saved[screen.key] ? links({ screen: screen.id, view: 'record' }, { ...params, ...saved }) : null;
        // A new record reopens at its own address (the view remounts and says "Created").
        let reveal: string | undefined;
        if (to && shown.length) {
          reveal = `r${++revealSeq}`;
          pendingReveal.set(reveal, shown);
        }
        // (The new view shows the answer's secrets; this one shows them when it stays.)
        if (to) navigate(to, { replace: true, state: { created: true, notice, ...(reveal ? { reveal } : {}) } });
        else {
          setRevealed(shown);
          setOutcome(notice);
        }
        if (mode === 'edit') {
          setAnswer((prev) => (prev && screen.record ? { ...prev, [screen.record.record]: saved } : prev));
        }
      } catch (e) {
        if (e instanceof ApiError) setRefusal(e);
        else setOutcome({ kind: 'error', text: t('common.unexpected') });
      } finally {
        setSaving(false);
      }
    },
    [saveRoute, formSchema, params, recordId, versionField, wrapper, mode, links, navigate, screen, lang, t, record, cellContext],
  );

  // --- Leaving with unsaved changes.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
        dirtyRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const back = screen.list ? { screen: screen.id, view: 'list' as const } : screen.record?.back;
  const listLink = back ? links(back, { ...params, ...(record ?? {}) }, false) : null;
  const name = recordName(screen, record, cellContext);
  const entityLabel = labelOf(screen.entity_schema['x-label'], lang, screen.entity);
  const heading = mode === 'new' ? t('screen.newRecord', { entity: entityLabel }) : name ? `${entityLabel}: ${name}` : entityLabel;
  const version = versionField ? record?.[versionField] : undefined;

  return {
    screen,
    params,
    mode,
    recordId,
    record,
    answer,
    loading,
    loadError,
    reload,
    /** After a version conflict: the record as it is now saved, the form's changes and messages dropped. */
    loadLatest: () => {
      setOutcome(null);
      setRefusal(null);
      setRevealed([]);
      reload();
    },
    canSave,
    canRead,
    formSchema,
    /** The record as the form's data, before rjsf fills in the schema's defaults. */
    loadedData,
    formData,
    setFormData,
    /** The form reports its state with rjsf's defaults filled: that is the unchanged state. */
    setBaseline: setFilledBaseline,
    dirty,
    save,
    saving,
    outcome: shownOutcome,
    serverErrors,
    /** The save answer's secrets, shown this once; hide() forgets them. */
    revealed,
    hideRevealed: (field?: string) => setRevealed((r) => (field ? r.filter((x) => x.field !== field) : [])),
    blocker,
    listLink,
    heading: version !== undefined && version !== null ? t('screen.headingVersion', { heading, version }) : heading,
  };
}

export type RecordController = ReturnType<typeof useRecordScreen>;
