// The rich-text editor of one language (its own lazy chunk, see HtmlEditor.tsx): Tiptap over ProseMirror with
// the allow-list's schema (rich-text-schema.ts), so what it shows is what the page will show and what it
// writes is what the server keeps. WYSIWYG, so the old sandboxed HTML preview is gone.
//  - A toolbar (one tab stop; arrow keys, Home and End move along it) of real buttons with names in the
//    user's language; formats show their state with aria-pressed; shortcuts as in every editor (Ctrl/⌘+B…).
//  - Links through a small form that takes only the addresses the sanitizer keeps (Ctrl/⌘+K opens it).
//  - The editing area is a labelled, described multi-line text box; the field's error under it as before.
//  - Content Security Policy: Tiptap's own <style> element is off (injectCSS: false, the CSS is in
//    RichTextEditor.css) and nothing here sets a style attribute; ProseMirror only uses CSSOM properties.
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../src/app/layout/icons';
// Bundling only (the module is already loaded with the first page): without it Rolldown moves React out of the
// first page's shared chunk into a chunk of its own, because this chunk needs React but not the store
// (+0.3 kB gzip on every visitor's first page, measured with `npm run bench -- frontend`).
import '../../../src/app/router/hooks';
import type { HtmlEditorProps } from './HtmlEditor';
import { linkAddress, parseRichText, RICH_TEXT_EXTENSIONS, writeRichText } from './rich-text-schema';
import { applyLink, removeLink, TOOL_GROUPS, TOOLS, type Tool, type ToolId } from './rich-text-tools';
import './RichTextEditor.css';
// Its strings (screen.*) came with the form's chunk (HtmlEditor.tsx); importing them here would split chunks.

const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const keysText = (keys: string) => keys.replace('Mod', APPLE ? '⌘' : 'Ctrl');
const ariaKeys = (keys: string) => keys.replace('Mod', APPLE ? 'Meta' : 'Control');

/** What each button shows (its name is its aria-label). */
const GLYPHS: Record<ToolId, ReactNode> = {
  // Drawn by the style sheet: "H2" as text would be a visible name that the button's name ("Heading") does not
  // contain (axe: label-content-name-mismatch); the single letters below are too short to count as one.
  heading2: <span className="rte__glyph rte__glyph--h2" />,
  heading3: <span className="rte__glyph rte__glyph--h3" />,
  bold: <span className="rte__glyph rte__glyph--bold">B</span>,
  italic: <span className="rte__glyph rte__glyph--italic">I</span>,
  underline: <span className="rte__glyph rte__glyph--underline">U</span>,
  strike: <span className="rte__glyph rte__glyph--strike">S</span>,
  link: <Icon name="link" />,
  bulletList: <Drawing d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  orderedList: <Drawing d="M10 6h10M10 12h10M10 18h10M4 4.5l1.5-.5v4M3.5 10.5c.5-1 2.5-1 2.5.3 0 1-2.5 1.7-2.5 3.2H6M3.5 16.5H6l-1.3 1.6c1 0 1.5.5 1.5 1.1 0 1.2-2 1.3-2.7.6" />,
  blockquote: <Drawing d="M4 11h5v6H4zM4 11c0-3 1-5 4-6M14 11h5v6h-5zM14 11c0-3 1-5 4-6" />,
  undo: <Drawing d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />,
  redo: <Drawing d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />,
};

function Drawing({ d }: { d: string }) {
  return (
    <svg className="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

export default function RichTextEditor({ id, label, lang, value, onChange, error, describedBy, disabled, readOnly }: HtmlEditorProps) {
  const { t } = useTranslation();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const editable = !disabled && !readOnly;
  /** The HTML last written or loaded: a value that differs came from outside (the saved answer, a reset). */
  const written = useRef(value);
  /**
   * What the editor wrote since its owner last caught up: typing faster than the owner renders hands back an
   * older of these as `value`, which is the editor's own past, not a change from outside (it would undo keys).
   */
  const echoes = useRef(new Set<string>());
  const [initial] = useState(() => parseRichText(value).toJSON());
  const [linkOpen, setLinkOpen] = useState(false);
  const openLink = useRef(() => {});
  openLink.current = () => editable && setLinkOpen(true);

  const describedByIds = [error ? errorId : null, describedBy].filter(Boolean).join(' ');
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        lang,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        class: 'rte__content',
      },
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    }),
    [id, lang, labelId, describedByIds, error, readOnly, disabled],
  );

  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: initial,
    editable,
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = writeRichText(e.state.doc);
      if (html === written.current) return;
      written.current = html;
      echoes.current.add(html);
      onChange(html);
    },
  });

  useEffect(() => {
    editor.setEditable(editable, false);
    if (!editable) setLinkOpen(false);
  }, [editor, editable]);

  useEffect(() => {
    if (value === written.current) {
      echoes.current.clear();
      return;
    }
    if (echoes.current.has(value)) return;
    written.current = value;
    editor.chain().setMeta('addToHistory', false).setContent(parseRichText(value).toJSON(), { emitUpdate: false }).run();
  }, [editor, value]);

  return (
    <div className="field html-editor">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a label's click focusing its field, as a <label> does for an input (an editing area cannot be a label's target); the keyboard reaches the area itself with Tab */}
      <span className="field__label" id={labelId} onClick={() => editor.view.focus()}>
        {label}
      </span>
      <div className={`rte${error ? ' rte--invalid' : ''}${editable ? '' : ' rte--readonly'}`}>
        <Toolbar editor={editor} label={t('screen.htmlTools', { label })} controls={id} editable={editable} onLink={() => openLink.current()} />
        {linkOpen && (
          <LinkForm
            id={`${id}-link`}
            initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
            canRemove={editor.isActive('link')}
            onApply={(href) => {
              editor.view.focus();
              applyLink(editor, editor.chain(), href);
              setLinkOpen(false);
            }}
            onRemove={() => {
              editor.view.focus();
              removeLink(editor.chain());
              setLinkOpen(false);
            }}
            onClose={() => {
              setLinkOpen(false);
              editor.view.focus();
            }}
          />
        )}
        <EditorContent editor={editor} className="rte__body" />
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor, label, controls, editable, onLink }: { editor: Editor; label: string; controls: string; editable: boolean; onLink: () => void }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: Object.fromEntries(TOOLS.filter((tool) => tool.pressed).map((tool) => [tool.id, tool.pressed!(e)])) as Partial<Record<ToolId, boolean>>,
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);

  const enabled = (tool: Tool) => editable && (tool.id === 'undo' ? state.undo : tool.id === 'redo' ? state.redo : true);
  const usable = TOOLS.map((tool, index) => (enabled(tool) ? index : -1)).filter((index) => index >= 0);
  // The toolbar's one tab stop: the button last used, or the first that can be used.
  const stop = usable.includes(current) ? current : (usable[0] ?? -1);

  const move = (event: KeyboardEvent) => {
    const at = usable.indexOf(stop);
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: usable.length - 1 }[event.key];
    if (to === undefined || !usable.length) return;
    event.preventDefault();
    const index = usable[(to + usable.length) % usable.length];
    setCurrent(index);
    buttons.current[index]?.focus();
  };

  // Back to the text at once (Tiptap's focus command waits a frame: a key typed right after a click would
  // reach the button), then the format, so it applies to the selection or to what is typed next.
  const run = (tool: Tool) => {
    if (!tool.command) return onLink();
    editor.view.focus();
    tool.command(editor.chain()).run();
  };

  let index = 0;
  return (
    <div className="rte__toolbar" role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={move}>
      {TOOL_GROUPS.map((group) => (
        <div className="rte__group" key={group[0].id}>
          {group.map((tool) => {
            const i = index++;
            const name = t(`screen.tool.${tool.id}`);
            return (
              <button
                key={tool.id}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className="rte__tool"
                tabIndex={i === stop ? 0 : -1}
                aria-label={name}
                title={tool.keys ? t('screen.editor.shortcut', { name, keys: keysText(tool.keys) }) : name}
                aria-keyshortcuts={tool.keys ? ariaKeys(tool.keys) : undefined}
                aria-pressed={tool.pressed ? Boolean(state.pressed[tool.id]) : undefined}
                disabled={!enabled(tool)}
                onFocus={() => setCurrent(i)}
                onClick={() => run(tool)}
              >
                {GLYPHS[tool.id]}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function LinkForm({ id, initial, canRemove, onApply, onRemove, onClose }: { id: string; initial: string; canRemove: boolean; onApply: (href: string) => void; onRemove: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const apply = () => {
    const href = linkAddress(text);
    if (href) return onApply(href);
    setRefused(true);
    input.current?.focus();
  };
  // Inside the record form: Enter applies the link (it must not submit the form), Escape closes.
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <fieldset className="rte__link" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-address`} className="field__label">
        {t('screen.editor.linkAddress')}
      </label>
      <div className="rte__link-row">
        <input
          ref={input}
          id={`${id}-address`}
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          className="field__input"
          value={text}
          aria-invalid={refused || undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => {
            setText(e.target.value);
            setRefused(false);
          }}
          onKeyDown={keys}
        />
        <button type="button" className="button button--small" onClick={apply}>
          {t('screen.editor.apply')}
        </button>
        {canRemove && (
          <button type="button" className="button button--secondary button--small" onClick={onRemove}>
            {t('screen.editor.removeLink')}
          </button>
        )}
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          {t('screen.editor.cancel')}
        </button>
      </div>
      <p id={`${id}-note`} className={refused ? 'field__error' : 'field__hint'} aria-live="polite">
        {refused ? t('screen.editor.linkRefused') : t('screen.editor.linkHint')}
      </p>
    </fieldset>
  );
}
