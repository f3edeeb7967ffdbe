/** Every information page: its text comes from src/content (the search index reads the same text). */
import { infoPageFor } from '../../../src/content/pages';
import { ContentSections } from '../components/ContentSections';
import { HelpAside } from '../components/HelpAside';
import { PageHeader } from '../components/PageHeader';
import { NotFoundPage } from '../NotFoundPage';
import type { PageProps } from '../pageTypes';

export default function InfoContentPage({ route }: PageProps) {
  const page = infoPageFor(route.path);
  if (!page) return <NotFoundPage />;
  return (
    <>
      <PageHeader title={page.title} description={page.description} lead={page.intro} />
      <div className="container page with-aside">
        <article className="prose">
          <ContentSections sections={page.sections} />
        </article>
        <HelpAside currentPath={page.path} />
      </div>
    </>
  );
}
