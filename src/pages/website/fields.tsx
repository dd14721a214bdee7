// Fields of the front-end settings and website-unit pages: an image upload kept as a data: URL (type and size
// checked before it is read into the form), a colour with its hex text, and the contrast check behind the
// colour hints. Plain HTML, keyboard usable.
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { frontendConfigurationRules } from '../../generated/field-rules';

export interface ImageKind {
  /** MIME types accepted (the schema's pattern lists the same). */
  types: readonly string[];
  /** The longest data: URL the schema admits. */
  maxChars: number;
}

export const LOGO: ImageKind = { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'], maxChars: 300_000 };
export const FAVICON: ImageKind = { types: ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/svg+xml', 'image/gif'], maxChars: 100_000 };

/** The largest file (bytes) whose base64 data: URL fits in maxChars. */
export const maxFileBytes = (kind: ImageKind, type: string): number => Math.floor(((kind.maxChars - `data:${type};base64,`.length) * 3) / 4);

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A data: URL of an accepted type within the size, or the i18n key of why not. */
export async function imageDataUrl(file: File, kind: ImageKind): Promise<{ url: string } | { error: 'fileType' | 'fileSize' }> {
  if (!kind.types.includes(file.type)) return { error: 'fileType' };
  if (file.size > maxFileBytes(kind, file.type)) return { error: 'fileSize' };
  const url = await readAsDataUrl(file);
  if (url.length > kind.maxChars) return { error: 'fileSize' };
  return { url };
}

export function ImageField({
  label,
  value,
  kind,
  onChange,
  error: serverError,
}: {
  label: string;
  value: string | undefined;
  kind: ImageKind;
  onChange: (value: string | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError ?? null;
  const kb = Math.floor(maxFileBytes(kind, kind.types[0]) / 1024);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const result = await imageDataUrl(file, kind);
    if ('error' in result) {
      setError(t(`website.${result.error}`, { kb }));
      return;
    }
    setError(null);
    onChange(result.url);
  };

  return (
    <div className="field image-field">
      <label htmlFor={`${id}-file`} className="field__label">
        {label}
      </label>
      <div className="image-field__row">
        {value ? <img className="image-field__preview" src={value} alt={t('website.currentImage', { label })} /> : <span className="image-field__none">{t('website.noImage')}</span>}
        <input
          id={`${id}-file`}
          type="file"
          accept={kind.types.join(',')}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          aria-invalid={shown ? true : undefined}
          onChange={(e) => void onFile(e)}
        />
        {value && (
          <button type="button" className="button button--secondary button--small" onClick={() => onChange(undefined)}>
            {t('website.removeImage', { label })}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('website.imageHint', { types: kind.types.map((m) => m.replace(/^image\//, '').replace('vnd.microsoft.icon', 'ico').replace('x-icon', 'ico').replace('+xml', '')).filter((v, i, a) => a.indexOf(v) === i).join(', '), kb })}
      </p>
      {shown && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}

const HEX = new RegExp(frontendConfigurationRules.$defs.color.pattern, 'u');
export const isHexColour = (value: string): boolean => HEX.test(value);

export function ColorField({ label, value, onChange, hint }: { label: string; value: string; onChange: (value: string) => void; hint?: string | null }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // The value changed from outside (picker, reset): the text follows.
    setSeen(value);
    setText(value);
  }
  const bad = !isHexColour(text);
  return (
    <div className="field color-field">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="color-field__row">
        <input
          type="color"
          aria-labelledby={`${id}-label`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          value={isHexColour(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          className="field__input color-field__text"
          aria-label={t('website.hexOf', { label })}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-error` : hint ? `${id}-hint` : undefined}
          value={text}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            if (isHexColour(e.target.value)) onChange(e.target.value.toLowerCase());
          }}
        />
      </div>
      {hint && !bad && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {bad && (
        <p id={`${id}-error`} className="field__error">
          {t('website.colourFormat')}
        </p>
      )}
    </div>
  );
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
