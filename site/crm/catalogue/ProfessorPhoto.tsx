/**
 * A professor's photo: preview, upload (JPEG, PNG or WebP up to 2 MB, checked here first for a quick
 * clear message; the server checks the bytes again) sent as the raw body, and removal.
 */
import { useState } from 'react';
import { notify } from '../shared/notify';
import type { CatalogueProfessor } from '../../../src/crm-catalogue-contract';
import { errorMessage } from '../shared/api';
import { removeProfessorPhoto, uploadProfessorPhoto } from './catalogue-api';
import { confirmAction } from '../shared/confirm';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'The photo is larger than 2 MB. Please choose a smaller one.';
export const PHOTO_WRONG_TYPE = 'Please choose a JPEG, PNG or WebP image.';

/** The reason a file cannot be sent, or null. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_WRONG_TYPE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}

export function ProfessorPhoto({ professor, onChanged }: { professor: CatalogueProfessor; onChanged(): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `photo-${professor._id}`;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function removePhoto() {
    const confirmed = await confirmAction({
      title: `Remove the photo of ${professor.name}?`,
      message: 'The Professors page shows the standard avatar instead, now. You can upload a photo again later.',
      confirmLabel: 'Remove photo',
    });
    if (confirmed) await run(() => removeProfessorPhoto(professor._id), 'Photo removed.');
  }

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const reason = photoProblem(file);
    setProblem(reason);
    if (reason) {
      input.value = '';
      return;
    }
    void run(() => uploadProfessorPhoto(professor._id, file), 'Photo uploaded.');
  }

  return (
    <div className="crm-photo">
      {professor.photo ? (
        <img
          className="crm-photo__preview"
          src={professor.photo.url}
          width={professor.photo.width}
          height={professor.photo.height}
          alt={`Photo of ${professor.name}`}
        />
      ) : (
        <p className="crm-muted">No photo.</p>
      )}
      <div className="crm-field">
        <label htmlFor={id}>{professor.photo ? 'Replace photo' : 'Upload a photo'}</label>
        <input
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={busy}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => choose(e.currentTarget)}
        />
        <p id={`${id}-hint`} className="crm-hint crm-muted">
          JPEG, PNG or WebP, at most 2 MB.
        </p>
        {problem ? (
          <p id={`${id}-error`} className="crm-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {professor.photo ? (
        <button type="button" className="crm-button" disabled={busy} onClick={() => void removePhoto()}>
          Remove photo
        </button>
      ) : null}
    </div>
  );
}
