/**
 * The frame of an information page from src/content: title band, the page's own sections, the
 * adviser aside. Pages with live data (KPI results, professors) put it before the sections.
 */
import type { ReactNode } from 'react';
import type { InfoPage } from '../../../src/content/types';
import { ContentSections } from './ContentSections';
import { EffectiveDate } from './EffectiveDate';
import { HelpAside } from './HelpAside';
import { PageHeader } from './PageHeader';

export function InfoPageFrame({ page, children }: { page: InfoPage; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={page.title} description={page.description} lead={page.intro} />
      <div className="container page with-aside">
        <article className="prose">
          {page.effectiveDate && <EffectiveDate date={page.effectiveDate} title={page.title} path={page.path} />}
          {children}
          <ContentSections sections={page.sections} />
        </article>
        <HelpAside currentPath={page.path} />
      </div>
    </>
  );
}
