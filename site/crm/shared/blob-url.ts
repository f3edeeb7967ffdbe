/**
 * A file the API serves to staff only (an applicant's document, a contract, a receipt), fetched
 * with the staff bearer token into a blob URL the page can show or open; the caller revokes it.
 */
import { useAuth } from '../stores/auth';

export const FILE_FAILED = 'The file could not be opened. Please try again.';

export async function staffBlobUrl(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${useAuth.getState().token ?? ''}` },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? FILE_FAILED);
  }
  return URL.createObjectURL(await response.blob());
}

/** Opens such a file in a new tab (opened before the fetch, while the click still counts for pop-up blockers). */
export async function openStaffFile(path: string): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const url = await staffBlobUrl(path);
    if (opened) opened.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    opened?.close();
    throw error;
  }
}
