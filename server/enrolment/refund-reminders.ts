/** Issue 34: filled in by its owner (stub wired into server.ts first). */
export async function workRefundReminders(_deps: unknown): Promise<void> {}
