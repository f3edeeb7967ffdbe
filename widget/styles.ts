/**
 * Everything the form looks like, as CSS text for its shadow root: the libraries' stylesheets
 * (imported as strings by the build, `:root` rewritten to `:host`), then ours. Nothing is added
 * to the host page's document, and the host page's rules cannot reach inside. The phone
 * package's stylesheet comes with the package (phone-input.ts), before ours (prependCss).
 */
import formCss from './form.css';
import toastCss from './toast.css';

/**
 * The stylesheet, with intl-tel-input's flag sprites loaded by absolute URL from beside the
 * script, only under .ci-flags (set by PhoneField when the phone assets may load).
 */
export function widgetCss(assetBase: string): string {
  const flags = (file: string) => `url(${JSON.stringify(new URL(file, assetBase).href)})`;
  const flagPaths = `:host{--iti-path-flags-1x:none;--iti-path-flags-2x:none}.ci-flags{--iti-path-flags-1x:${flags('flags.webp')};--iti-path-flags-2x:${flags('flags@2x.webp')}}`;
  return toastCss + flagPaths + formCss;
}

/**
 * Puts the CSS into the shadow root. Constructable stylesheets are not subject to a page's
 * style-src CSP; where they are missing, a <style> element carries the configured nonce.
 */
export function adoptCss(root: ShadowRoot, css: string, nonce: string): void {
  const sheet = constructedSheet(root, css);
  if (sheet) root.adoptedStyleSheets = [sheet];
  else root.appendChild(styleElement(css, nonce));
}

/**
 * Puts more CSS into the shadow root, before what adoptCss put there (so the widget's own rules
 * still win) and the same way (a <style> carries the nonce the first one has).
 */
export function prependCss(root: ShadowRoot, css: string): void {
  const sheet = root.adoptedStyleSheets.length > 0 ? constructedSheet(root, css) : null;
  if (sheet) root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
  else root.prepend(styleElement(css, root.querySelector('style')?.nonce ?? ''));
}

function constructedSheet(root: ShadowRoot, css: string): CSSStyleSheet | null {
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return null;
  }
}

function styleElement(css: string, nonce: string): HTMLStyleElement {
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  return style;
}
