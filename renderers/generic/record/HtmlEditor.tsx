// The record form's rich_text field, one per language: a WYSIWYG editor (Tiptap, RichTextEditor.tsx) that
// writes exactly the HTML the server's allow-list keeps (rich-text-schema.ts). The editor and ProseMirror are
// their own chunk, loaded the first time a form shows a rich-text field; until then (or if it fails) the
// field keeps its label, its place and its error, and says what is happening.
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../../src/app/router/chunk';
import { useRepeatableEffect } from '../../../src/app/ui';
import './HtmlEditor.css';
import '../strings';

export interface HtmlEditorProps {
  id: string;
  label: string;
  lang: 'tr' | 'en';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Other descriptions of the field (its help). */
  describedBy?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

let loaded: ComponentType<HtmlEditorProps> | undefined;
let loading: Promise<ComponentType<HtmlEditorProps>> | undefined;

/** The editor's chunk, fetched once for every field that asks (a failure lets the next try fetch again). */
function loadEditor(): Promise<ComponentType<HtmlEditorProps>> {
  loading ??= loadChunk(() => import('./RichTextEditor')).then(
    (m) => (loaded = m.default),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

export function HtmlEditor(props: HtmlEditorProps) {
  const { t } = useTranslation();
  const [Editor, setEditor] = useState(() => loaded);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (Editor) return;
    let live = true;
    loadEditor().then(
      (component) => live && setEditor(() => component),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Editor]);
  const retry = useRepeatableEffect(load);

  if (Editor) return <Editor {...props} />;
  return (
    <div className="field html-editor">
      <span className="field__label" id={`${props.id}-label`}>
        {props.label}
      </span>
      <div className="rte rte--waiting">
        {failed ? (
          <p role="alert">
            {t('screen.editor.loadFailed')}{' '}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setFailed(false);
                retry();
              }}
            >
              {t('screen.retry')}
            </button>
          </p>
        ) : (
          <p role="status">{t('screen.editor.loading')}</p>
        )}
      </div>
      {props.error && (
        <p id={`${props.id}-error`} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
