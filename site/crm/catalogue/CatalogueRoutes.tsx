/** /crm/catalogue/*: the catalogue editing screens, behind the editor permission. */
import { Redirect, Route, Switch } from 'wouter';
import { CrmNotFound } from '../area/NotFound';
import { AnnouncementsPage } from './AnnouncementsPage';
import { BannerOffersPage } from './BannerOffersPage';
import { CatalogueGuard } from './CatalogueGuard';
import { CategoriesPage } from './CategoriesPage';
import { CourseEditorPage } from './CourseEditorPage';
import { CourseListPage } from './CourseListPage';
import { EnrolmentSettingsPage } from './EnrolmentSettingsPage';
import { ProfessorsPage } from './ProfessorsPage';
import { SynonymsPage } from './SynonymsPage';

export function CatalogueRoutes() {
  return (
    <CatalogueGuard>
      <Switch>
        <Route path="/catalogue">
          <Redirect to="/catalogue/courses" replace />
        </Route>
        <Route path="/catalogue/courses" component={CourseListPage} />
        <Route path="/catalogue/courses/new">
          <CourseEditorPage id={null} />
        </Route>
        <Route path="/catalogue/courses/:id">{(params) => <CourseEditorPage key={params.id} id={params.id} />}</Route>
        <Route path="/catalogue/categories" component={CategoriesPage} />
        <Route path="/catalogue/announcements" component={AnnouncementsPage} />
        <Route path="/catalogue/banner-offers" component={BannerOffersPage} />
        <Route path="/catalogue/professors" component={ProfessorsPage} />
        <Route path="/catalogue/search-synonyms" component={SynonymsPage} />
        <Route path="/catalogue/enrolment-settings" component={EnrolmentSettingsPage} />
        <Route component={CrmNotFound} />
      </Switch>
    </CatalogueGuard>
  );
}
