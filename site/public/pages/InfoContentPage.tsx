/** Every information page: its text comes from src/content (the search index reads the same text). */
import { infoPageFor } from '../../../src/content/pages';
import { InfoPageFrame } from '../components/InfoPageFrame';
import { NotFoundPage } from '../NotFoundPage';
import type { PageProps } from '../pageTypes';

export default function InfoContentPage({ route }: PageProps) {
  const page = infoPageFor(route.path);
  if (!page) return <NotFoundPage />;
  return <InfoPageFrame page={page} />;
}
