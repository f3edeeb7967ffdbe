/**
 * The applicant's documents (issue 33): each checklist item with its current file, a file input
 * that uploads on choosing (the raw file as the body, with its name in X-File-Name; progress
 * shown), the server's reason when it refuses a file, and staff's reason when they return one.
 * "View" fetches the file with the applicant's token and opens it from a blob: URL, since a
 * plain link could not carry the token.
 */
import { useState } from 'react';
import { messageOf } from '../../src/api-client';
import {
  applicantPaths,
  MAX_DOCUMENT_BYTES,
  type ApplicantApplication,
  type ApplicationDocument,
  type ChecklistItem,
} from '../../src/application-contract';
import { Problem } from './Problem';

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const OPEN_STATUSES = ['started', 'submitted', 'missing_items', 'under_review'];
const STATUS_TEXT: Record<ApplicationDocument['status'], string> = { uploaded: 'Uploaded', accepted: 'Accepted', returned: 'Returned' };

export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** PUT of the raw file; XMLHttpRequest because fetch cannot report upload progress. */
function uploadFile(itemId: string, file: File, token: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', applicantPaths.document(itemId));
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      reject(new Error(messageOf(body) ?? `“${file.name}” could not be uploaded. Please try again.`));
    };
    xhr.onerror = () => reject(new Error(`“${file.name}” could not be uploaded: the connection was lost. Please try again.`));
    xhr.send(file);
  });
}

async function viewDocument(documentId: string, token: string): Promise<void> {
  // Opened before the fetch, while the click still counts, so a pop-up blocker lets it through.
  const opened = window.open('', '_blank');
  const response = await fetch(applicantPaths.documentFile(documentId), { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    opened?.close();
    throw new Error(messageOf(await response.json().catch(() => null)) ?? 'This document could not be opened. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface ItemProps {
  item: ChecklistItem;
  document: ApplicationDocument | undefined;
  token: string;
  open: boolean;
  onChanged: () => void;
}

function DocumentItem({ item, document, token, open, onChanged }: ItemProps) {
  const [progress, setProgress] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `apply-document-${item._id}`;
  const returned = document?.status === 'returned';

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_DOCUMENT_BYTES) {
      setProblem(`“${file.name}” is ${fileSize(file.size)}; the limit is ${fileSize(MAX_DOCUMENT_BYTES)} per file.`);
      input.value = '';
      return;
    }
    setProgress(`Uploading “${file.name}”…`);
    try {
      await uploadFile(item._id, file, token, (percent) => setProgress(`Uploading “${file.name}”: ${percent}%`));
      setProgress(`“${file.name}” is uploaded.`);
      onChanged();
    } catch (error) {
      setProgress(null);
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      input.value = '';
    }
  };

  const view = () => {
    if (!document) return;
    setProblem(null);
    viewDocument(document._id, token).catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };

  return (
    <li className={`apply-document${returned ? ' apply-document--returned' : ''}`}>
      <h3 className="apply-document__title">
        {item.title} <span className="apply-document__need">{item.required ? 'Required' : 'Optional'}</span>
      </h3>
      {returned && (
        <p className="apply-document__returned">
          <strong>Returned:</strong> {document.return_reason ?? 'Please upload this document again.'}
        </p>
      )}
      {document ? (
        <p className="apply-document__file">
          <span className="apply-document__name">{document.file_name}</span> · {fileSize(document.bytes)} ·{' '}
          <span className={`apply-document__status apply-document__status--${document.status}`}>{STATUS_TEXT[document.status]}</span> ·{' '}
          <a
            href={applicantPaths.documentFile(document._id)}
            onClick={(event) => {
              event.preventDefault();
              view();
            }}
          >
            View<span className="visually-hidden"> {document.file_name}</span>
          </a>
        </p>
      ) : (
        <p className="apply-document__file apply-document__file--none">Not uploaded yet.</p>
      )}
      {open && (
        <div className="apply-document__upload">
          <label htmlFor={inputId}>
            {document ? 'Replace' : 'Upload'} {item.title} <span className="apply-hint">(PDF, JPEG or PNG, at most 10 MB)</span>
          </label>
          <input id={inputId} type="file" accept={ACCEPT} onChange={(event) => void choose(event.currentTarget)} />
        </div>
      )}
      <p role="status" className="apply-document__progress">
        {progress}
      </p>
      <Problem>{problem}</Problem>
    </li>
  );
}

export function DocumentsStep({
  application,
  token,
  onChanged,
}: {
  application: ApplicantApplication;
  token: string;
  onChanged: () => void;
}) {
  const open = OPEN_STATUSES.includes(application.status);
  if (application.checklist.length === 0) {
    return <p className="apply-hint">Your program asks for no documents. Choose your program first if you have not yet.</p>;
  }
  return (
    <section className="apply-documents" aria-labelledby="apply-documents-title">
      <h2 id="apply-documents-title">Your documents</h2>
      <p className="apply-hint">
        Upload each required document as a PDF, JPEG or PNG file of at most 10 MB. A new upload replaces the file before it.
      </p>
      <ul className="apply-documents__list">
        {application.checklist.map((item) => (
          <DocumentItem
            key={item._id}
            item={item}
            document={application.documents.find((d) => d.item_id === item._id)}
            token={token}
            open={open}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </section>
  );
}
