/**
 * The applicant portal at /apply (issue 33), loaded only when visited: ask for a sign-in link,
 * use it (/apply/sign-in#token=…), then the application in steps and, once submitted, its status,
 * documents, decision and answer. Client-rendered like the CRM.
 */
import { Route, Switch } from 'wouter';
import { COLLEGE } from '../../src/college';
import { StartPage } from './StartPage';
import { SignInPage } from './SignInPage';
import { ApplicationPage } from './ApplicationPage';

export default function ApplicantApp() {
  return (
    <div className="apply">
      <header className="apply-top">
        <a href="/" className="apply-top__home">
          {COLLEGE.shortName}
        </a>
        <span className="apply-top__title">Application</span>
      </header>
      <main id="main" className="apply-main">
        <Switch>
          <Route path="/sign-in" component={SignInPage} />
          <Route path="/" component={ApplicationPage} />
          <Route>
            <StartPage />
          </Route>
        </Switch>
      </main>
    </div>
  );
}
