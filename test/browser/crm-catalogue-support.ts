/** Helpers for the catalogue editing browser tests: signing in as any staff member, a real PNG, the editor's fields. */
import type { Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import type { TestStaff } from '../support/crm-staff';
import { sessionOf, storeSignIn } from '../support/staff';

/** Stores a member's session as the login screen does (the member has no password), then opens `path`. */
export async function openAs(page: Page, server: TestServer, member: TestStaff, path: string): Promise<void> {
  await storeSignIn(page, server, sessionOf(member));
  await page.goto(server.url + path);
}

/** A real PNG of the given size, drawn by the browser (no image library needed). */
export async function pngFrom(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#0b4f9c';
        context.fillRect(0, 0, w, h);
        context.fillStyle = '#f2a900';
        context.fillRect(w / 4, h / 4, w / 2, h / 2);
      }
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

export const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name, exact: true });
export const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).first().waitFor();

/** Opens a course's editor from the catalogue list, found by searching its name. */
export async function openCourseEditor(page: Page, name: string): Promise<void> {
  await nav(page, 'Catalogue').click();
  await page.getByRole('heading', { level: 1, name: 'Courses and programs' }).waitFor();
  await page.getByLabel('Search by name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
}
