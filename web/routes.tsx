import { SCREEN_ROLES } from '@core/roles';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { SignedOutRoute } from './auth/signed-out-route';
import { SCREEN_ROUTES } from './paths';
import { AppLayout } from './shell/app-layout';
import { RequireRole } from './shell/require-role';
import { RouteBoundary } from './ui/route-error';

/**
 * A screen whose code is downloaded the first time it is shown, so the login page does not carry
 * the dashboard. Loading it inside the guard means a signed-out visitor never fetches guarded code.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DeliveryPassPage = lazyPage(() => import('./features/pass/delivery-pass-page'), 'DeliveryPassPage');
const LoginPage = lazyPage(() => import('./features/login/login-page'), 'LoginPage');
const RegisterVisitorPage = lazyPage(
  () => import('./features/register-visitor/register-visitor-page'),
  'RegisterVisitorPage',
);
const DashboardPage = lazyPage(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const BulkUserUploadPage = lazyPage(
  () => import('./features/bulk-user-upload/bulk-user-upload-page'),
  'BulkUserUploadPage',
);
const RegisterPropertyPage = lazyPage(
  () => import('./features/register-property/register-property-page'),
  'RegisterPropertyPage',
);
const RegisterDevicePage = lazyPage(
  () => import('./features/register-device/register-device-page'),
  'RegisterDevicePage',
);
const RegisterUserPage = lazyPage(() => import('./features/register-user/register-user-page'), 'RegisterUserPage');
const VisitorListPage = lazyPage(() => import('./features/visitor-list/visitor-list-page'), 'VisitorListPage');
const VisitorQrCodesPage = lazyPage(
  () => import('./features/visitor-qr-codes/visitor-qr-codes-page'),
  'VisitorQrCodesPage',
);
const AccessGatesPage = lazyPage(() => import('./features/access-gates/access-gates-page'), 'AccessGatesPage');
const GateLogsPage = lazyPage(() => import('./features/gate-log/gate-log-page'), 'GateLogsPage');
const ActivityPage = lazyPage(() => import('./features/activity/activity-page'), 'ActivityPage');
const IntegrationsPage = lazyPage(() => import('./features/integrations/integrations-page'), 'IntegrationsPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page'), 'ProfilePage');
const VerifyEmailPage = lazyPage(() => import('./features/verify-email/verify-email-page'), 'VerifyEmailPage');
const ResetPasswordPage = lazyPage(() => import('./features/reset-password/reset-password-page'), 'ResetPasswordPage');
const SetNewPasswordPage = lazyPage(
  () => import('./features/set-new-password/set-new-password-page'),
  'SetNewPasswordPage',
);
const PrivacyPolicyPage = lazyPage(() => import('./features/static/privacy-policy-page'), 'PrivacyPolicyPage');
const RequestDeleteUserPage = lazyPage(
  () => import('./features/static/request-delete-user-page'),
  'RequestDeleteUserPage',
);
const PassPage = lazyPage(() => import('./features/pass/pass-page'), 'PassPage');
const ReaderPage = lazyPage(() => import('./features/reader/reader-page'), 'ReaderPage');
const CallPage = lazyPage(() => import('./features/calls/call-page'), 'CallPage');
const CallHistoryPage = lazyPage(() => import('./features/calls/call-history-page'), 'CallHistoryPage');
const NotFoundPage = lazyPage(() => import('./features/static/not-found-page'), 'NotFoundPage');

/** Every route has its own error boundary, so a failing screen leaves the header and menu usable. */
const route = (path: string, element: ReactNode): RouteObject => ({
  path,
  element: <RouteBoundary>{element}</RouteBoundary>,
});

const guarded = (screen: keyof typeof SCREEN_ROUTES, page: ReactNode, otherRoles?: 'home') =>
  route(
    SCREEN_ROUTES[screen],
    <RequireRole roles={SCREEN_ROLES[screen]} otherRoles={otherRoles}>
      {page}
    </RequireRole>,
  );

const signedOut = (path: string, page: ReactNode) => route(path, <SignedOutRoute>{page}</SignedOutRoute>);

/** The route table of docs/SPEC.md §2. */
const ROUTES: RouteObject[] = [
  // A visitor's pass stands alone: no header, menu or sign-in, just the pass.
  route('/pass/:passToken', <PassPage />),
  route('/delivery/:passToken', <DeliveryPassPage />),
  // The gate reader is a full-screen kiosk of its own, without the app's header, menu or sign-in.
  route('/reader', <ReaderPage />),
  {
    element: <AppLayout />,
    children: [
      route('/login/:segment', <LoginPage />),
      guarded('registerVisitor', <RegisterVisitorPage />),
      guarded('dashboard', <DashboardPage />, 'home'),
      guarded('bulkUserUpload', <BulkUserUploadPage />, 'home'),
      guarded('registerProperty', <RegisterPropertyPage />),
      guarded('registerDevice', <RegisterDevicePage />),
      guarded('registerUser', <RegisterUserPage />, 'home'),
      guarded('visitorList', <VisitorListPage />),
      guarded('visitorQrCodes', <VisitorQrCodesPage />),
      guarded('accessGates', <AccessGatesPage />),
      guarded('gateLogs', <GateLogsPage />),
      guarded('activity', <ActivityPage />),
      guarded('integrations', <IntegrationsPage />),
      guarded('profile', <ProfilePage />),
      guarded('calls', <CallHistoryPage />),
      guarded('call', <CallPage />),
      signedOut('/verify-email', <VerifyEmailPage />),
      signedOut('/reset-password', <ResetPasswordPage />),
      signedOut('/set-new-password/:token', <SetNewPasswordPage />),
      route('/privacy-policy', <PrivacyPolicyPage />),
      route('/request-delete-user', <RequestDeleteUserPage />),
      route('*', <NotFoundPage />),
    ],
  },
];

/**
 * The screens, matched by React Router's declarative `useRoutes` inside `<BrowserRouter>`: the app
 * loads no data through the router, and the data router would add 16 kB (gzip) to every first load.
 */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
