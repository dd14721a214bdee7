// A small HTML editor (the record form's rich_text field): a textarea, buttons that wrap the selection in a
// few tags, and a preview. The preview is a frame with an empty sandbox (no scripts, no forms, no same-origin), so
// even unsanitized HTML typed here cannot act; the server sanitizes the HTML when the unit is saved.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../strings';

const TOOLS = [
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'heading', open: '<h2>', close: '</h2>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'list', open: '<ul>\n  <li>', close: '</li>\n</ul>' },
  { key: 'link', open: '<a href="https://">', close: '</a>' },
] as const;

const PREVIEW_STYLE =
  '<style>body{font-family:system-ui,sans-serif;line-height:1.5;margin:.75rem;color:#1b1f2a}img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #d9dde5;padding:.25rem .5rem}</style>';

export function HtmlEditor({
  id,
  label,
  lang,
  value,
  onChange,
  error,
  describedBy,
  disabled,
  readOnly,
}: {
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
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);

  const wrap = (open: string, close: string) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b } = el;
    const next = value.slice(0, a) + open + value.slice(a, b) + close + value.slice(b);
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + open.length, b + open.length);
    });
  };

  return (
    <div className="field html-editor">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="form__actions" role="toolbar" aria-label={t('screen.htmlTools', { label })} aria-controls={id}>
        {TOOLS.map((tool) => (
          <button key={tool.key} type="button" className="button button--secondary button--small" disabled={disabled || readOnly} onClick={() => wrap(tool.open, tool.close)}>
            {t(`screen.tool.${tool.key}`)}
          </button>
        ))}
        <button type="button" className="button button--secondary button--small" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {t('screen.preview')}
        </button>
      </div>
      <textarea
        ref={area}
        id={id}
        lang={lang}
        className="field__input"
        rows={10}
        spellCheck={false}
        maxLength={100_000}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {preview && <iframe className="html-preview" title={t('screen.previewOf', { label })} sandbox="" srcDoc={`<!doctype html><html lang="${lang}"><head>${PREVIEW_STYLE}</head><body>${value}</body></html>`} />}
    </div>
  );
}
