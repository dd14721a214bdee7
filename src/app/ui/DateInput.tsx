// A date typed in the page's language (25.11.2026 in Turkish, 25/11/2026 in English), kept as the wire's
// YYYY-MM-DD: the browser's own date field writes dates in the browser's language, not the page's.
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import type { Lang } from '../../domain/language';
import { useActiveLabel } from '../router/hooks';

const SEPARATOR: Record<Lang, string> = { tr: '.', en: '/' };
/** The pattern people are shown, in their language. */
export const DATE_HINT: Record<Lang, string> = { tr: 'GG.AA.YYYY', en: 'DD/MM/YYYY' };

/** YYYY-MM-DD as the language writes it; anything else as it is. */
export function toLocalDate(iso: string | undefined | null, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? [m[3], m[2], m[1]].join(SEPARATOR[lang]) : (iso ?? '');
}

/** A day typed as day, month, year (any of . / - between them) or as YYYY-MM-DD, as YYYY-MM-DD; null when it is no real day. */
export function fromLocalDate(text: string): string | null {
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(text); // pasted as the wire writes it
  const m = iso ? [iso[0], iso[3], iso[2], iso[1]] : /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** YYYY-MM-DD, or what was typed when it is no date yet. */
  value: string | undefined;
  /** YYYY-MM-DD for a day, '' for nothing, the text itself while it is no date (the form's checks refuse it). */
  onValue: (value: string) => void;
  /** The language the date is written in; the page's by default (a form previewed in the other language passes its own). */
  dateLang?: Lang;
};

export function DateInput({ value, onValue, dateLang: own, ...input }: Props) {
  const active = useActiveLabel();
  const lang = own ?? active;
  const [text, setText] = useState(() => toLocalDate(value, lang));
  const sent = useRef(value);
  // A value set from outside (a reset, a loaded record, another language) is shown anew; our own echo is not.
  useEffect(() => {
    if (value !== sent.current) setText(toLocalDate(value, lang));
    sent.current = value;
  }, [value, lang]);
  useEffect(() => setText((t) => toLocalDate(fromLocalDate(t) ?? t, lang)), [lang]);
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_HINT[lang]}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const typed = e.target.value.trim();
        const next = typed ? (fromLocalDate(typed) ?? typed) : '';
        sent.current = next;
        onValue(next);
      }}
    />
  );
}
