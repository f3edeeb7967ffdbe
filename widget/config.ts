/**
 * The widget's configuration, read once from its own <script> tag (requirements R-widget-contract):
 *   data-api-base       API base             (default: the script's origin + /api)
 *   data-leads-base     base for POST /leads (default: the API base; requirements R-api-base)
 *   data-thank-you-url  where success goes   (default: the script's origin + /thank-you)
 *   data-nonce          CSP nonce for any <style> the widget creates (optional)
 *   data-navigation     after success: auto (default) | history | document (see navigate.ts)
 * Relative values are resolved against the page, so `data-api-base="/api"` works too.
 */

import type { NavigationMode } from './navigate';

export interface WidgetConfig {
  /** The origin the widget script was served from (our site). */
  origin: string;
  apiBase: string;
  leadsBase: string;
  thankYouUrl: string;
  nonce: string;
  /** Absolute URL of the lazily loaded phone-validation utilities, beside the script. */
  phoneUtilsUrl: string;
  /** Absolute URL of the folder the script came from (flag sprites, phone utilities). */
  assetBase: string;
  navigation: NavigationMode;
}

/** The parts of an HTMLScriptElement the configuration needs (a plain object in unit tests). */
export interface ScriptLike {
  src: string;
  dataset: Record<string, string | undefined>;
  nonce?: string;
}

const WIDGET_FILE = 'college-inquiry.js';

export function readConfig(script: ScriptLike | null, pageHref: string): WidgetConfig {
  const scriptUrl = absolute(script?.src, pageHref) ?? new URL(`/widget/${WIDGET_FILE}`, pageHref).href;
  const origin = new URL(scriptUrl).origin;
  const data = script?.dataset ?? {};
  const apiBase = trimSlash(absolute(data.apiBase, pageHref) ?? `${origin}/api`);
  return {
    origin,
    apiBase,
    leadsBase: trimSlash(absolute(data.leadsBase, pageHref) ?? apiBase),
    thankYouUrl: absolute(data.thankYouUrl, pageHref) ?? `${origin}/thank-you`,
    // A nonce set in HTML reads back as '' from the attribute but stays on the .nonce property.
    nonce: data.nonce || script?.nonce || '',
    phoneUtilsUrl: new URL('phone-utils.js', scriptUrl).href,
    assetBase: new URL('./', scriptUrl).href,
    navigation: data.navigation === 'history' || data.navigation === 'document' ? data.navigation : 'auto',
  };
}

function absolute(value: string | undefined, base: string): string | null {
  if (!value || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
