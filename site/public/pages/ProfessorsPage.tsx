/**
 * /professors: the instructors (GET /api/professors), each with a photo or the neutral avatar,
 * title, credentials, a short bio and the courses they teach; sample profiles are labelled as such.
 * Then the page's own text about the faculty.
 */
import { Link } from 'wouter';
import type { Professor } from '../../../src/catalogue-content';
import { infoPageFor } from '../../../src/content/pages';
import { siteApi } from '../../lib/api';
import { siteImage } from '../../lib/images';
import { useApi } from '../../lib/useApi';
import { Illustration } from '../components/Illustration';
import { InfoPageFrame } from '../components/InfoPageFrame';
import { ErrorNotice, Loading } from '../components/Status';
import { NotFoundPage } from '../NotFoundPage';
import type { PageProps } from '../pageTypes';

export default function ProfessorsPage({ route }: PageProps) {
  const page = infoPageFor(route.path);
  const state = useApi(siteApi.professors());
  if (!page) return <NotFoundPage />;
  return (
    <InfoPageFrame page={page}>
      <section className="content-section" aria-labelledby="faculty">
        <h2 id="faculty">Meet our instructors</h2>
        {state.status === 'loading' && <Loading />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && state.data.some((p) => p.sample) && (
          <p className="notice" role="note">
            Sample profiles: the instructors listed here are sample data for this demonstration site, not real people.
          </p>
        )}
        {state.status === 'ready' && (
          <ul className="professor-list">
            {state.data.map((professor) => (
              <ProfessorCard key={professor._id} professor={professor} />
            ))}
          </ul>
        )}
      </section>
    </InfoPageFrame>
  );
}

function ProfessorCard({ professor }: { professor: Professor }) {
  return (
    <li className="card professor">
      {professor.photo ? (
        <img
          src={professor.photo.url}
          width={professor.photo.width}
          height={professor.photo.height}
          alt={`Portrait of ${professor.name}`}
          className="professor-photo"
          loading="lazy"
          decoding="async"
        />
      ) : (
        <Illustration image={siteImage('avatar')} className="professor-photo" />
      )}
      <div>
        <h3>{professor.name}</h3>
        <p className="professor-title">{professor.title}</p>
        {professor.credentials.length > 0 && (
          <ul className="tags" aria-label="Credentials">
            {professor.credentials.map((credential) => (
              <li key={credential}>{credential}</li>
            ))}
          </ul>
        )}
        <p>{professor.bio}</p>
        {professor.courses.length > 0 && (
          <p className="professor-courses">
            Teaches:{' '}
            {professor.courses.map((course, i) => (
              <span key={course.slug}>
                {i > 0 && ', '}
                <Link href={course.path}>{course.name}</Link>
              </span>
            ))}
          </p>
        )}
      </div>
    </li>
  );
}
