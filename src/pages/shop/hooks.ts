// Hooks shared by the storefront pages: the chosen currency, links to a bundle's page, and the shop window's
// list (bundle/and/product/list/active) loaded again when the request, the language or the currency changes.
import { useCallback, useState } from 'react';
import { bundleAndProductListActive } from '../../generated/client';
import type { BundleAndProductListActiveRequest, BundleAndProductListActiveResponse } from '../../generated/types/routes';
import type { CurrencyType } from '../../generated/types/entities';
import { pageNamed, pathOf } from '../../app/router/catalogue';
import { useActiveLabel, useLanguageOrder, usePages } from '../../app/router/hooks';
import { useAppStore } from '../../app/store';
import { useRepeatableEffect, useStableValue } from '../../app/ui';

/** The bundle page's route (schemas/screens/pages.json); its query names the bundle. */
export const BUNDLE_ROUTE = 'shop_bundle';
export const BUNDLE_PARAM = 'bundle_client_id';

export const useCurrency = (): CurrencyType => useAppStore((s) => s.currency.type);

/** A client id as the routes take it (a query value that is not one is ignored, never sent). */
export const isClientId = (v: string | null): v is string => Boolean(v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));

/** The address of a bundle's page in the active language, or null when this site has no such page. */
export function useBundleLink(): (bundleId: string) => string | null {
  const pages = usePages();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const page = pageNamed(pages, BUNDLE_ROUTE);
  return useCallback(
    (bundleId: string) => (page ? `${pathOf(page, lang, order)}?${new URLSearchParams({ [BUNDLE_PARAM]: bundleId })}` : null),
    [page, lang, order],
  );
}

export type WindowAnswer = BundleAndProductListActiveResponse;

/** The shop window's answer for `request` (kept while the next one loads), its loading state and error, and a retry. */
export function useWindowList(request: BundleAndProductListActiveRequest): {
  data: WindowAnswer | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
} {
  // Names sort in the reader's language, which the call carries: a new language asks again.
  const asked = useStableValue({ request, lang: useActiveLabel() });
  const [state, setState] = useState<{ data: WindowAnswer | null; loading: boolean; error: unknown }>({ data: null, loading: true, error: null });
  const run = useCallback(() => {
    const controller = new AbortController();
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    bundleAndProductListActive(asked.request, { signal: controller.signal }).then(
      (data) => live && setState({ data, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ data: s.data, loading: false, error })),
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [asked]);
  const retry = useRepeatableEffect(run);
  return { ...state, retry };
}
