import { SCREEN_ROLES } from '@core/roles';
import { createBrowserRouter } from 'react-router';
import { RequireRole } from './auth/require-role';
import { SignedOutRoute } from './auth/signed-out-route';
import { AccessGatesPage } from './features/access-gates/access-gates-page';
import { BulkUserUploadPage } from './features/bulk-user-upload/bulk-user-upload-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { GateLogsPage } from './features/gate-logs/gate-logs-page';
import { LoginPage } from './features/login/login-page';
import { ProfilePage } from './features/profile/profile-page';
import { RegisterDevicePage } from './features/register-device/register-device-page';
import { RegisterPropertyPage } from './features/register-property/register-property-page';
import { RegisterUserPage } from './features/register-user/register-user-page';
import { RegisterVisitorPage } from './features/register-visitor/register-visitor-page';
import { ResetPasswordPage } from './features/reset-password/reset-password-page';
import { SetNewPasswordPage } from './features/set-new-password/set-new-password-page';
import { NotFoundPage } from './features/static/not-found-page';
import { PrivacyPolicyPage } from './features/static/privacy-policy-page';
import { RequestDeleteUserPage } from './features/static/request-delete-user-page';
import { VerifyEmailPage } from './features/verify-email/verify-email-page';
import { VisitorListPage } from './features/visitor-list/visitor-list-page';
import { VisitorQrCodesPage } from './features/visitor-qr-codes/visitor-qr-codes-page';
import { SCREEN_ROUTES } from './paths';
import { AppLayout } from './ui/app-layout';

/** The route table of SPEC §2. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/login/:segment', element: <LoginPage /> },
      {
        path: SCREEN_ROUTES.registerVisitor,
        element: (
          <RequireRole roles={SCREEN_ROLES.registerVisitor}>
            <RegisterVisitorPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.dashboard,
        element: (
          <RequireRole roles={SCREEN_ROLES.dashboard} otherRoles="home">
            <DashboardPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.bulkUserUpload,
        element: (
          <RequireRole roles={SCREEN_ROLES.bulkUserUpload} otherRoles="home">
            <BulkUserUploadPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.registerProperty,
        element: (
          <RequireRole roles={SCREEN_ROLES.registerProperty}>
            <RegisterPropertyPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.registerDevice,
        element: (
          <RequireRole roles={SCREEN_ROLES.registerDevice}>
            <RegisterDevicePage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.registerUser,
        element: (
          <RequireRole roles={SCREEN_ROLES.registerUser} otherRoles="home">
            <RegisterUserPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.visitorList,
        element: (
          <RequireRole roles={SCREEN_ROLES.visitorList}>
            <VisitorListPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.visitorQrCodes,
        element: (
          <RequireRole roles={SCREEN_ROLES.visitorQrCodes}>
            <VisitorQrCodesPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.accessGates,
        element: (
          <RequireRole roles={SCREEN_ROLES.accessGates}>
            <AccessGatesPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.gateLogs,
        element: (
          <RequireRole roles={SCREEN_ROLES.gateLogs}>
            <GateLogsPage />
          </RequireRole>
        ),
      },
      {
        path: SCREEN_ROUTES.profile,
        element: (
          <RequireRole roles={SCREEN_ROLES.profile}>
            <ProfilePage />
          </RequireRole>
        ),
      },
      {
        path: '/verify-email',
        element: (
          <SignedOutRoute>
            <VerifyEmailPage />
          </SignedOutRoute>
        ),
      },
      {
        path: '/reset-password',
        element: (
          <SignedOutRoute>
            <ResetPasswordPage />
          </SignedOutRoute>
        ),
      },
      {
        path: '/set-new-password/:token',
        element: (
          <SignedOutRoute>
            <SetNewPasswordPage />
          </SignedOutRoute>
        ),
      },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/request-delete-user', element: <RequestDeleteUserPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
