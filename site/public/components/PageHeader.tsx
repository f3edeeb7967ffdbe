/** A page's title band: h1 and lead paragraph; sets the document title and meta description. */
import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/usePageMeta';

interface PageHeaderProps {
  title: string;
  description: string;
  lead?: string;
  eyebrow?: string;
  children?: ReactNode;
}

export function PageHeader({ title, description, lead, eyebrow, children }: PageHeaderProps) {
  usePageMeta(title, description);
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
