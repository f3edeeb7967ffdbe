/** A page's title band: h1 and lead paragraph; sets the document title and meta description. */
import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/usePageMeta';

interface PageHeaderProps {
  title: string;
  description: string;
  lead?: string;
  eyebrow?: string;
  children?: ReactNode;
  /** The content's one canonical path, when it is reachable at several addresses. */
  canonical?: string;
  /** Keeps the page out of search engines (search results). */
  noindex?: boolean;
}

export function PageHeader({ title, description, lead, eyebrow, children, canonical, noindex }: PageHeaderProps) {
  usePageMeta(title, description, { canonical, noindex });
  return (
    <div className="page-header">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
