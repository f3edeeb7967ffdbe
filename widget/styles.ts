/**
 * Everything the form looks like, as CSS text for its shadow root: the libraries' stylesheets
 * (imported as strings by the build, `:root` rewritten to `:host`), then ours. Nothing is added
 * to the host page's document, and the host page's rules cannot reach inside.
 */
import phoneInputCss from 'intl-tel-input/styles-no-assets';
import formCss from './form.css';
import toastCss from './toast.css';

/**
 * The stylesheet, with intl-tel-input's flag sprites loaded by absolute URL from beside the
 * script, only under .ci-flags (set by PhoneField when the phone assets may load).
 */
export function widgetCss(assetBase: string): string {
  const flags = (file: string) => `url(${JSON.stringify(new URL(file, assetBase).href)})`;
  const flagPaths = `:host{--iti-path-flags-1x:none;--iti-path-flags-2x:none}.ci-flags{--iti-path-flags-1x:${flags('flags.webp')};--iti-path-flags-2x:${flags('flags@2x.webp')}}`;
  return phoneInputCss + toastCss + flagPaths + formCss;
}

/**
 * Puts the CSS into the shadow root. Constructable stylesheets are not subject to a page's
 * style-src CSP; where they are missing, a <style> element carries the configured nonce.
 */
export function adoptCss(root: ShadowRoot, css: string, nonce: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // fall back to a <style> element below
    }
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.appendChild(style);
}
