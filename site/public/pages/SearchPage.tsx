/**
 * Search results for all three search routes: /search/keyword?query=, /search/{query} and
 * /course-search/{keyword}. Ranking, typo tolerance and highlighting are the server's; the snippet
 * arrives HTML-escaped with <mark> around matches, so it is the one field rendered as HTML.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { SearchHit } from '../../../src/search-contract';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';
import type { PageProps } from '../pageTypes';

export default function SearchPage({ params }: PageProps) {
  const search = useSearch();
  const searchParams = new URLSearchParams(search);
  const query = (params.query ?? params.keyword ?? searchParams.get('query') ?? '').trim();
  const exact = searchParams.get('exact') === '1';
  return (
    <>
      <PageHeader
        title={query ? `Search results for “${query}”` : 'Search'}
        description="Search our programs, courses and information pages."
        noindex
      >
        {/* Keyed by the query: a new search from the header, on this page, starts the box afresh with its words. */}
        <SearchBox key={query} initial={query} />
      </PageHeader>
      <div className="container page narrow">
        {query ? <Results query={query} exact={exact} /> : <p>Type a keyword above to search programs, courses and information pages.</p>}
      </div>
    </>
  );
}

function SearchBox({ initial }: { initial: string }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(`/search/keyword?query=${encodeURIComponent(text.trim())}`);
  };
  return (
    // A plain GET form too, so searching works without JavaScript.
    <form role="search" className="search-form" action="/search/keyword" method="get" onSubmit={submit}>
      <input
        type="search"
        name="query"
        aria-label="Search keywords"
        placeholder="Search..."
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <button type="submit" className="btn btn-accent">
        Search
      </button>
    </form>
  );
}

function Results({ query, exact }: { query: string; exact: boolean }) {
  const state = useApi(siteApi.search(query, exact));
  if (state.status === 'loading') return <Loading label="Searching…" />;
  if (state.status === 'error') return <ErrorNotice message={state.error.message} />;
  const { results, corrected, widened } = state.data;
  if (results.length === 0) {
    return (
      <div className="notice" role="status">
        <p>
          <strong>No results match “{query}”.</strong> Check the spelling, or try a shorter or more general keyword.
        </p>
        {/* Nothing in our text has the words: the listings are where to look instead (issue 31). */}
        <p>
          Browse our <Link href="/full-time-courses">full-time programs</Link> or our{' '}
          <Link href="/part-time-courses">part-time courses</Link>.
        </p>
      </div>
    );
  }
  return (
    <>
      {corrected ? <ShowingInstead query={query} corrected={corrected} /> : null}
      {widened ? <p className="search-note">No result has all of your words; these have some of them.</p> : null}
      <p className="result-count" role="status">
        {results.length} {results.length === 1 ? 'result' : 'results'}
      </p>
      <ol className="search-results">
        {results.map((hit) => (
          <ResultItem key={hit.path} hit={hit} />
        ))}
      </ol>
    </>
  );
}

/** The words were corrected: say so, and offer the words as typed (`exact=1` turns correction off). */
function ShowingInstead({ query, corrected }: { query: string; corrected: string }) {
  return (
    <p className="search-note">
      Showing results for <strong>{corrected}</strong>.{' '}
      <Link href={`/search/keyword?query=${encodeURIComponent(query)}&exact=1`}>Search instead for “{query}”</Link>
    </p>
  );
}

function ResultItem({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-result">
      <span className={`badge badge-${hit.kind}`}>{hit.kind === 'course' ? 'Course' : 'Page'}</span>
      <h2>
        <Link href={hit.path}>{hit.title}</Link>
      </h2>
      {/* Trusted: the server HTML-escapes the snippet and adds only <mark> tags. */}
      <p className="snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
    </li>
  );
}
