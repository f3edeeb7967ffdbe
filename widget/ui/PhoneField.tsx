/**
 * The Phone * field. It is a plain tel input the moment the form opens, so nothing heavy
 * competes with the course list: the phone package (intl-tel-input ≈17 KB, its validation
 * utilities ≈58 KB and the flag sprite ≈39 KB, all gzip) loads on the field's first focus, or
 * once the course list has settled and the browser is idle, and enhances the same input in
 * place (what was typed stays). Submit waits briefly for it, so the number goes out formatted.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { phoneWithoutUtils } from '../../src/lead-payload';
import type { PhoneInput } from '../phone-input';
import { prependCss } from '../styles';

export interface PhoneFieldHandle {
  /** The number in international format once the package is there; else dial code + typed digits. */
  read(): Promise<string>;
}

interface PhoneFieldProps {
  id: string;
  utilsUrl: string;
  /** aria-invalid / aria-describedby for the field's error. */
  aria: { 'aria-invalid'?: 'true'; 'aria-describedby'?: string };
  onInput: () => void;
  /** True once the course list has settled: then idle time may fetch the phone package. */
  idle: boolean;
}

/** How long Submit waits for a phone package already on its way. */
const SETTLE_MS = 3000;
/** The default country's dial code (Canada), shown before the package has loaded. */
const DEFAULT_DIAL_CODE = '1';

/** The shadow roots that have the phone package's stylesheet. */
const styled = new WeakSet<ShadowRoot>();

/** requestIdleCallback where the browser has it (Safari lacks it), else a short delay. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1500);
  return () => clearTimeout(timer);
}

export const PhoneField = forwardRef<PhoneFieldHandle, PhoneFieldProps>(function PhoneField({ id, utilsUrl, aria, onInput, idle }, ref) {
  const input = useRef<HTMLInputElement>(null);
  const phone = useRef<Promise<PhoneInput | null> | null>(null);
  const instance = useRef<PhoneInput | null>(null);
  // The flag sprite is a CSS background: its URL is set only under .ci-flags (widget/styles.ts).
  const [flags, setFlags] = useState(false);

  const load = () => {
    const element = input.current;
    if (phone.current || !element) return;
    setFlags(true);
    phone.current = import('../phone-input')
      .then(({ enhancePhoneInput, phoneInputCss }) => {
        // The package's stylesheet, once per widget (each open mounts a new field).
        const root = element.getRootNode();
        if (root instanceof ShadowRoot && !styled.has(root)) {
          styled.add(root);
          prependCss(root, phoneInputCss);
        }
        return enhancePhoneInput(element, utilsUrl);
      })
      .then((iti) => (instance.current = iti))
      .catch((error: unknown) => {
        console.warn('[CollegeInquiry] the phone input did not load:', error instanceof Error ? error.message : error);
        return null;
      });
  };
  // `load` is a fresh closure every render and loads once (phone.current); `idle` says when.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => (idle ? whenIdle(load) : undefined), [idle]);
  useEffect(() => () => instance.current?.destroy(), []);

  useImperativeHandle(ref, () => ({
    async read() {
      const pending = phone.current;
      if (pending) await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
      const typed = input.current?.value ?? '';
      const iti = instance.current;
      if (!iti) return phoneWithoutUtils(typed, DEFAULT_DIAL_CODE);
      const { internationalNumber } = await import('../phone-input');
      return (typed.trim() && internationalNumber(iti)) || phoneWithoutUtils(typed, iti.getSelectedCountry()?.dialCode);
    },
  }));

  return (
    <div className={flags ? 'ci-phone ci-flags' : 'ci-phone'}>
      <input
        ref={input}
        id={id}
        name="phone"
        type="tel"
        className="ci-input"
        autoComplete="tel"
        aria-required="true"
        onFocus={load}
        onPointerDown={load}
        onInput={onInput}
        {...aria}
      />
    </div>
  );
});
