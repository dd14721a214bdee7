// icon_list (admin): every icon the menu can draw, with its name, searchable; a button copies the name (the
// website-unit form's icon field takes it).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, ICON_NAMES } from '../app/layout/icons';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { Notice, TextField } from '../app/ui';
import './website/strings';
import './website/website.css';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function IconList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [query, setQuery] = useState('');
  const [copied, setCopied] = useState<{ name: string; ok: boolean } | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? ICON_NAMES.filter((n) => n.includes(q)) : ICON_NAMES;
  }, [query]);

  const copy = async (name: string) => setCopied({ name, ok: await copyText(name) });

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('website.iconListIntro')}</p>
      <TextField type="search" label={t('website.iconSearch')} value={query} onValue={setQuery} autoComplete="off" />
      <p role="status" aria-live="polite">
        {t('website.iconCount', { count: shown.length, total: ICON_NAMES.length })}
      </p>
      {copied && (
        <Notice kind={copied.ok ? 'success' : 'info'}>{copied.ok ? t('website.iconCopied', { name: copied.name }) : t('website.iconCopyFailed', { name: copied.name })}</Notice>
      )}
      {shown.length === 0 ? (
        <p>{t('website.iconNone')}</p>
      ) : (
        <ul className="icon-grid" aria-label={t('website.icons')}>
          {shown.map((name) => (
            <li key={name}>
              <Icon name={name} className="icon icon-large" />
              <code>{name}</code>
              <button type="button" className="button button--secondary button--small" onClick={() => void copy(name)} aria-label={t('website.iconCopy', { name })}>
                {t('website.copy')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
