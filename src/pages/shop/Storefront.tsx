// The storefront's pages in one lazy chunk, by route view: Shop (/shop, /magaza: every bundle on sale),
// Campaigns (/campaigns, /kampanyalar: the campaign bundles, docs/decisions.md), ShopBundle (a bundle's page)
// and ShopHighlights (a website unit of content kind shop_highlights, e.g. the shop site's home page). One
// chunk and one loader keep the first page's registry small (src/app/router/registry.ts).
import type { PageProps } from '../../app/router/registry';
import ShopBundle from './ShopBundle';
import { ShopHighlights } from './ShopHighlights';
import { ShopWindow } from './ShopWindow';

export default function Storefront({ page }: PageProps) {
  if (page.route_view === 'ShopBundle') return <ShopBundle page={page} />;
  if (page.route_view === 'ShopHighlights') return <ShopHighlights page={page} />;
  return <ShopWindow page={page} campaigns={page.route_view === 'Campaigns'} />;
}
