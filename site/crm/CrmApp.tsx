/**
 * The CRM, loaded lazily under /crm (site/App.tsx nests it, so paths here are relative to /crm).
 * Login, forgot and reset are open; everything else needs a signed-in staff member.
 */
import { Redirect, Route, Switch } from 'wouter';
import { ToastContainer } from 'react-toastify/unstyled';
import { CrmLayout } from './area/CrmLayout';
import { DashboardPage } from './area/DashboardPage';
import { LeadPage } from './area/LeadPage';
import { SequencesPage } from './sequences/SequencesPage';
import { MergePage } from './merge/MergePage';
import { LeadsPage } from './area/LeadsPage';
import { CrmNotFound } from './area/NotFound';
import { AccountPage } from './work/AccountPage';
import { ActivitiesPage } from './work/ActivitiesPage';
import { StaffPage } from './work/StaffPage';
import { AuditPage } from './work/AuditPage';
import { TemplatesPage } from './email/TemplatesPage';
import { UnmatchedRepliesPage } from './replies/UnmatchedRepliesPage';
import { AssignmentPage } from './assignment/AssignmentPage';
import { CatalogueRoutes } from './catalogue/CatalogueRoutes';
import { EventsRoutes } from './events/EventsRoutes';
import { ApplicationsRoutes } from './applications/ApplicationsRoutes';
import { RefundsPage } from './enrolment/RefundsPage';
import { RequireSignIn } from './area/RequireSignIn';
import { TwoFactorPage } from './area/two-factor/TwoFactorPage';
import { TWO_FACTOR_PATH } from './stores/two-factor';
import { ForgotPasswordScreen } from './screens/ForgotPasswordScreen';
import { LoginScreen } from './screens/LoginScreen';
import { ResetPasswordScreen } from './screens/ResetPasswordScreen';
import { TOAST_AUTO_CLOSE_MS } from './screens/timing';
import { ConfirmDialog } from './shared/ConfirmDialog';

export default function CrmApp() {
  return (
    <div className="crm">
      <Switch>
        <Route path="/login" component={LoginScreen} />
        <Route path="/forgot-password" component={ForgotPasswordScreen} />
        <Route path="/password-reset/:userId/:token">
          <ResetPasswordScreen />
        </Route>
        <Route path="/welcome/:userId/:token">
          <ResetPasswordScreen welcome />
        </Route>
        <Route>
          <RequireSignIn>
            <CrmLayout>
              <Switch>
                <Route path="/">
                  <Redirect to="/dashboard" replace />
                </Route>
                <Route path="/dashboard" component={DashboardPage} />
                <Route path="/leads" component={LeadsPage} />
                <Route path="/leads/merge" component={MergePage} />
                <Route path="/leads/:id" component={LeadPage} />
                <Route path={TWO_FACTOR_PATH} component={TwoFactorPage} />
                <Route path="/activities" component={ActivitiesPage} />
                <Route path="/staff" component={StaffPage} />
                <Route path="/audit" component={AuditPage} />
                <Route path="/templates" component={TemplatesPage} />
                <Route path="/replies" component={UnmatchedRepliesPage} />
                <Route path="/sequences" component={SequencesPage} />
                <Route path="/assignment" component={AssignmentPage} />
                <Route path="/account" component={AccountPage} />
                <Route path="/catalogue" component={CatalogueRoutes} />
                <Route path="/catalogue/*" component={CatalogueRoutes} />
                <Route path="/events/*?" component={EventsRoutes} />
                <Route path="/applications/*?" component={ApplicationsRoutes} />
                <Route path="/refunds" component={RefundsPage} />
                <Route component={CrmNotFound} />
              </Switch>
            </CrmLayout>
          </RequireSignIn>
        </Route>
      </Switch>
      {/* Requirements R-toasts: toasts bottom-left, closing after 5 seconds. */}
      <ToastContainer position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} />
      <ConfirmDialog />
    </div>
  );
}
