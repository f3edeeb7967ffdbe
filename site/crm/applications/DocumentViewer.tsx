/**
 * One document shown inline (issue 33): fetched with the staff bearer token into a blob URL — an
 * <iframe> for a PDF, an <img> for a photo — and released when closed. Every view is audited by
 * the server.
 */
import { useEffect, useState } from 'react';
import type { ApplicationDocument } from '../../../src/application-contract';
import { documentBlobUrl } from './applications-api';

export function DocumentViewer({
  applicationId,
  document,
  title,
}: {
  applicationId: string;
  document: ApplicationDocument;
  title: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    documentBlobUrl(applicationId, document._id, controller.signal)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(caught instanceof Error ? caught.message : String(caught));
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [applicationId, document._id]);
  if (error) return <p role="alert">{error}</p>;
  if (!url) return <p className="crm-muted">Opening {document.file_name}…</p>;
  return document.content_type === 'application/pdf' ? (
    <iframe className="crm-app-document" src={url} title={`${title}: ${document.file_name}`} />
  ) : (
    <img className="crm-app-document crm-app-document--image" src={url} alt={`${title}: ${document.file_name}`} />
  );
}
