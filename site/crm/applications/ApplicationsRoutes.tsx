/** /crm/applications/*: the list, the decision letters and one application (issue 33). */
import { Route, Switch } from 'wouter';
import { CrmNotFound } from '../area/NotFound';
import { ApplicationsListPage } from './ApplicationsListPage';
import { ApplicationPage } from './ApplicationPage';
import { DecisionLettersPage } from './DecisionLettersPage';

export function ApplicationsRoutes() {
  return (
    <Switch>
      <Route path="/applications" component={ApplicationsListPage} />
      <Route path="/applications/letters" component={DecisionLettersPage} />
      <Route path="/applications/:id">{(params) => <ApplicationPage key={params.id} id={params.id} />}</Route>
      <Route component={CrmNotFound} />
    </Switch>
  );
}
