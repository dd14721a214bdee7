// A bundle and its products in words, in the reader's language: catalogue texts (src/domain/catalogue-text.ts),
// prices in the chosen currency (src/domain/money.ts, src/domain/bundle-price.ts), payment periods and usage
// counts from the storefront strings, enumerations by their labels. Nothing here shows a code or an id.
import type { TFunction } from 'i18next';
import { catalogueList, catalogueText } from '../../domain/catalogue-text';
import { bundlePrice, productPrice } from '../../domain/bundle-price';
import { formatMinor } from '../../domain/money';
import type { Lang } from '../../domain/language';
import { preparationType } from '../../generated/enums/preparationType';
import { taskType } from '../../generated/enums/taskType';
import type { Bundle, BundleProduct, CurrencyType } from '../../generated/types/entities';

const LOCALES: Record<Lang, string> = { tr: 'tr-TR', en: 'en-GB' };

/** A count in the language's number format (1.000 / 1,000). */
export const formatCount = (n: number, lang: Lang): string => new Intl.NumberFormat(LOCALES[lang]).format(n);

export const bundleName = (b: Bundle, lang: Lang): string => catalogueText(b, 'bundle_name', lang);
export const bundleFeatures = (b: Bundle, lang: Lang): string[] => catalogueList(b, 'feature_list', lang);
export const productName = (p: BundleProduct, lang: Lang): string => catalogueText(p, 'pro_name', lang);

/** The label of an enumeration value in the language (never the value itself: an unknown one shows nothing). */
function labelOf(entry: { values: readonly unknown[]; labels: readonly { en: string; tr: string }[] }, value: unknown, lang: Lang): string {
  const i = entry.values.indexOf(value);
  return i < 0 ? '' : entry.labels[i][lang];
}

export const taskTypeLabel = (value: unknown, lang: Lang): string => labelOf(taskType, value, lang);
export const preparationLabel = (value: unknown, lang: Lang): string => labelOf(preparationType, value, lang);
export const TASK_TYPES = taskType.values;

/** What one product costs, in words: "₺149,90 aylık", "$19.00 one-time", "Ücretsiz", "Not sold in US dollars". */
export function productPriceText(p: BundleProduct, currency: CurrencyType, lang: Lang, t: TFunction): string {
  const amount = productPrice(p, currency);
  if (amount === null) return t('storefront.price.notSold', { currency: t(`storefront.price.currency.${currency}`) });
  if (p.pay_type === 'free' || amount === 0) return t('storefront.price.free');
  const price = formatMinor(amount, currency, lang);
  switch (p.pay_type) {
    case 'one_time':
      return t('storefront.price.oneTime', { price });
    case 'per_usage':
      return t('storefront.price.perUse', { price });
    case 'periodic':
      return p.pay_period_type ? t(`storefront.price.per.${p.pay_period_type}`, { price }) : t('storefront.price.periodic', { price });
    default:
      return price;
  }
}

/** How much of a product one gets, in words: "1.000 kredi", "10,000 requests a month", "Unlimited use"; '' when the product says nothing. */
export function usageText(p: BundleProduct, lang: Lang, t: TFunction): string {
  if (p.pro_usage_count_type === 'unlimited') return t('storefront.usage.unlimited');
  if (p.pro_usage_count === undefined || p.pro_usage_count === null) return '';
  const count = formatCount(p.pro_usage_count, lang);
  const suffix = catalogueText(p, 'pro_count_suffix', lang) || t('storefront.usage.uses');
  if (p.pro_usage_count_type === 'per_period')
    return p.pay_period_type ? t(`storefront.usage.per.${p.pay_period_type}`, { count, suffix }) : t('storefront.usage.perPeriod', { count, suffix });
  return t('storefront.usage.total', { count, suffix });
}

export interface BundlePriceWords {
  /** The price to show large ("₺648,90", "Ücretsiz"), or null when the bundle has no price in the currency. */
  price: string | null;
  /** A line under it: what the price covers, or why there is none. */
  note: string;
}

/** The bundle's price in words: the sum of its products' prices in the currency (what the price sort orders by). */
export function bundlePriceWords(products: readonly BundleProduct[], currency: CurrencyType, lang: Lang, t: TFunction): BundlePriceWords {
  const amount = bundlePrice(products, currency);
  if (amount === null) return { price: null, note: t('storefront.price.incomplete', { currency: t(`storefront.price.currency.${currency}`) }) };
  if (amount === 0) return { price: t('storefront.price.free'), note: '' };
  const recurring = products.some((p) => p.pay_type === 'periodic' && (productPrice(p, currency) ?? 0) > 0);
  return { price: formatMinor(amount, currency, lang), note: recurring ? t('storefront.price.firstPeriod') : '' };
}

/** Campaign bundles (docs/decisions.md): the shop's staff feature a bundle by giving it priority urgent or high. */
export const CAMPAIGN_PRIORITIES: ('urgent' | 'high')[] = ['urgent', 'high'];
export const isCampaign = (b: Bundle): boolean => (CAMPAIGN_PRIORITIES as string[]).includes(b.priority ?? '');
