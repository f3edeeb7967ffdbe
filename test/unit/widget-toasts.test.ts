import { createToastStore, TOAST_MS } from '../../widget/toasts';

describe('widget toasts', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('each toast closes by itself after its time (5 seconds by default, requirements R-toasts)', async () => {
    expect(TOAST_MS).toBe(5000);
    const store = createToastStore(60);
    store.show('error', 'Please enter a valid phone number');
    await wait(20);
    expect(store.list()).toHaveLength(1);
    await wait(80);
    expect(store.list()).toEqual([]);
  });

  test('a success clears earlier errors only; at most three at once, the oldest goes', () => {
    const store = createToastStore(10);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.list().length));
    for (const message of ['a', 'b', 'c', 'd']) store.show('error', message);
    expect(store.list().map((t) => t.message)).toEqual(['b', 'c', 'd']);
    store.show('success', 'Thank you!');
    store.clear('error');
    expect(store.list().map((t) => [t.kind, t.message])).toEqual([['success', 'Thank you!']]);
    expect(seen.at(-1)).toBe(1);
  });

  test('dismiss removes one toast; an unknown id changes nothing', () => {
    const store = createToastStore(10);
    store.show('error', 'x');
    const [toast] = store.list();
    store.dismiss(9999);
    expect(store.list()).toHaveLength(1);
    store.dismiss(toast?.id ?? -1);
    expect(store.list()).toEqual([]);
  });
});

describe('widget toast placement (requirements R-toasts: bottom-left)', () => {
  test('the toast region is fixed at the bottom-left, in a manual popover (the top layer, above the modal form)', async () => {
    const fs = await import('node:fs');
    const css = fs.readFileSync('widget/toast.css', 'utf8');
    const region = /\.ci-toasts \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(region).toContain('position: fixed');
    expect(region).toContain('inset: auto auto 12px 12px');
    expect(fs.readFileSync('widget/ui/Toasts.tsx', 'utf8')).toMatch(/popover="manual"/);
  });
});
