// The page of a website unit whose content is rich text or a frame (spec section 2, website units). Rich text
// is shown as the server stored it: sanitized with an allow-list when it was saved (server/services/
// rich-text.ts), so no script, handler or javascript: link can be in it. A frame is shown only while its
// origin is on the site's frame allow-list, sandboxed, without a referrer. Child pages are linked below.
import { useTranslation } from 'react-i18next';
import { useActiveLabel, useLanguageOrder } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { frameAllowed, originOf } from '../domain/frame-origins';
import { useAppStore } from '../app/store';
import './website/strings';
import './website/website.css';
import { ChildPagesNav, useChildPages } from './shared/ChildPages';

/** What a framed page may do: run its own scripts and forms, open links in new tabs; never reach this site. */
export function frameSandbox(url: string, siteOrigin: string): string {
  // A frame of this very site with scripts and same-origin could lift its own sandbox: it gets no same-origin.
  return originOf(url) === siteOrigin.toLowerCase()
    ? 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox'
    : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
}

export default function WebsiteUnit({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const allowlist = useAppStore((s) => s.configuration.settings?.frame_allowlist);
  const children = useChildPages(page.route_name);
  const content = page.content;
  const caption = page.caption[lang];

  let body = null;
  if (content?.kind === 'rich_text') {
    const html = content.html[lang] || order.map((l) => content.html[l]).find(Boolean) || '';
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the unit's content is HTML, sanitized with an allow-list when it is saved (server/services/rich-text.ts, on every write path; the seed is the repository's own)
    body = <div className="rich-text" data-testid="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
  } else if (content?.kind === 'frame') {
    body = frameAllowed(content.url, allowlist) ? (
      <iframe
        className="unit-frame"
        src={content.url}
        title={caption}
        sandbox={frameSandbox(content.url, window.location.origin)}
        referrerPolicy="no-referrer"
        loading="lazy"
        allow=""
      />
    ) : (
      <p role="alert">{t('website.frameBlocked', { origin: originOf(content.url) ?? content.url })}</p>
    );
  }

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{caption}</h1>
      {body}
      <ChildPagesNav pages={children} />
    </article>
  );
}
