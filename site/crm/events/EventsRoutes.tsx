/** /crm/events/*: the list, the editor (read-only for staff who may not edit) and the check-in screen. */
import { Route, Switch } from 'wouter';
import { CrmNotFound } from '../area/NotFound';
import { CheckInPage } from './CheckInPage';
import { EventPage, NewEventPage } from './EventPage';
import { EventsListPage } from './EventsListPage';

export function EventsRoutes() {
  return (
    <Switch>
      <Route path="/events" component={EventsListPage} />
      <Route path="/events/new" component={NewEventPage} />
      <Route path="/events/:id/check-in">{(params) => <CheckInPage key={params.id} id={params.id} />}</Route>
      <Route path="/events/:id">{(params) => <EventPage key={params.id} id={params.id} />}</Route>
      <Route component={CrmNotFound} />
    </Switch>
  );
}
