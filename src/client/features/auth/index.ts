export {
  ACCOUNT_DATA_URL,
  useActivity,
  useChangePassword,
  useDeleteAccount,
  useEmailChangeLink,
  useEndSession,
  useRequestPasswordReset,
  useResetPassword,
  useSessions,
} from './api/account.ts';
export { useUser } from './api/get-user.ts';
export { useLogout } from './api/logout.ts';
export { useUpdateProfile } from './api/update-profile.ts';
export { DebugSession } from './components/debug-session.tsx';
export { ForgotPassword } from './components/forgot-password.tsx';
export { LoginForm } from './components/login-form.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { RegistrationNotice } from './components/registration-notice.tsx';
export { ResetPasswordForm } from './components/reset-password-form.tsx';
export { UserAvatar } from './components/user-avatar.tsx';
export { useOrgId } from './hooks/use-org-id.ts';
export { displayName, roleLabel } from './lib/user-display.ts';
export { ACTIVITY_ACTIONS, actionGroup, activityLabel, orgActivityLabel } from './lib/activity-labels.ts';
export { summarizeUserAgent } from './lib/user-agent.ts';
