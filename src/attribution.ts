/**
 * Ad attribution for leads (requirements R-lead-source "source"): which ad network's click id brought the visitor,
 * plus the UTM parameters, landing page and referrer the server stores with the lead.
 *
 * The widget reads them from the page URL when its script loads and keeps them in
 * sessionStorage for the visit, so a visitor who lands on /?gclid=… and submits three pages
 * later is still attributed to the ad.
 *
 * Source rules: 1 by default; 3 when a search-ad click id was seen; 4 when a social-ad click id
 * was seen; the search-ad id wins when both were (seed: "The first has priority").
 * Framework-free: no DOM access here beyond the Storage interface passed in.
 */
import { LEAD_EXTRA_FIELDS, type LeadExtras, type LeadSource } from './contract';

/**
 * Search-ad click ids (source 3): Google Ads (gclid, and gbraid/wbraid for iOS app/web
 * campaigns) and Microsoft Advertising (msclkid), which is a search-ad network too.
 */
export const SEARCH_AD_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'msclkid'] as const;
/** Social-ad click ids (source 4): Meta, TikTok, LinkedIn, X/Twitter. */
export const SOCIAL_AD_CLICK_IDS = ['fbclid', 'ttclid', 'li_fat_id', 'twclid'] as const;
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** What the widget remembers of the visit: the click ids it saw and the extras sent with a lead. */
export interface Attribution extends LeadExtras {
  /** The search-ad click id seen during the visit (e.g. a gclid), if any. */
  search_click_id?: string;
  /** The social-ad click id seen during the visit (e.g. an fbclid), if any. */
  social_click_id?: string;
}

export const ATTRIBUTION_STORAGE_KEY = 'college-inquiry:attribution';

/** Lengths the values are cut to, so a hostile URL cannot make the lead unsendable. */
const MAX_VALUE = 500;
const MAX_URL = 2000;

function clean(value: string | null | undefined, max: number): string | undefined {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

function firstParam(params: URLSearchParams, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = clean(params.get(key), MAX_VALUE);
    if (value) return value;
  }
  return undefined;
}

/** What one page view tells us: click ids and UTMs from its query string, the page, its referrer. */
export function attributionFromPage(href: string, referrer: string): Attribution {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return {};
  }
  const params = url.searchParams;
  const found: Attribution = {
    search_click_id: firstParam(params, SEARCH_AD_CLICK_IDS),
    social_click_id: firstParam(params, SOCIAL_AD_CLICK_IDS),
    landing_page: clean(href, MAX_URL),
    referrer: clean(referrer, MAX_URL),
  };
  for (const key of UTM_KEYS) found[key] = clean(params.get(key), MAX_VALUE);
  return compact(found);
}

/**
 * Combines what the visit already stored with what this page view shows.
 * - Click ids accumulate: a newer id of the same kind replaces the older one, so a visitor who
 *   came from a social ad and later from a search ad has both (and counts as source 3).
 * - UTM parameters are one campaign: if this page has any, they replace the stored set whole.
 * - Landing page and referrer are first touch: kept from the visit's first page.
 */
export function mergeAttribution(stored: Attribution, fresh: Attribution): Attribution {
  const freshHasUtm = UTM_KEYS.some((key) => fresh[key]);
  const merged: Attribution = {
    search_click_id: fresh.search_click_id ?? stored.search_click_id,
    social_click_id: fresh.social_click_id ?? stored.social_click_id,
    landing_page: stored.landing_page ?? fresh.landing_page,
    referrer: stored.landing_page ? stored.referrer : fresh.referrer,
  };
  for (const key of UTM_KEYS) merged[key] = freshHasUtm ? fresh[key] : stored[key];
  return compact(merged);
}

/** The lead's source: 3 for a search-ad click id (wins), 4 for a social-ad click id, else 1. */
export function leadSource(attribution: Attribution): LeadSource {
  if (attribution.search_click_id) return 3;
  if (attribution.social_click_id) return 4;
  return 1;
}

/** The attribution extras the server accepts with a lead (no click ids: they only set `source`). */
export function attributionExtras(attribution: Attribution): LeadExtras {
  const extras: LeadExtras = {};
  for (const field of LEAD_EXTRA_FIELDS) extras[field] = attribution[field];
  return compact(extras);
}

/** Reads the visit's stored attribution; storage that is missing, blocked or corrupt reads as empty. */
export function loadAttribution(storage: Pick<Storage, 'getItem'> | null): Attribution {
  try {
    const raw = storage?.getItem(ATTRIBUTION_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const result: Attribution = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value === 'string' && isAttributionKey(key)) result[key] = value.slice(0, MAX_URL);
    }
    return result;
  } catch {
    return {};
  }
}

/** Stores the visit's attribution; a full or blocked storage is ignored (the lead still goes out). */
export function saveAttribution(storage: Pick<Storage, 'setItem'> | null, attribution: Attribution): void {
  try {
    storage?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Private modes and sandboxed frames may refuse storage: attribution then lasts for this page only.
  }
}

/** Load, merge this page view in, save: what the widget does once when its script loads. */
export function captureAttribution(storage: Storage | null, href: string, referrer: string): Attribution {
  const merged = mergeAttribution(loadAttribution(storage), attributionFromPage(href, referrer));
  saveAttribution(storage, merged);
  return merged;
}

const ATTRIBUTION_KEYS: readonly string[] = ['search_click_id', 'social_click_id', ...LEAD_EXTRA_FIELDS];

function isAttributionKey(key: string): key is keyof Attribution {
  return ATTRIBUTION_KEYS.includes(key);
}

/** Drops undefined entries, so stored JSON and payloads carry only real values. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
