import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { TCurrentUser, TLoginInput, TSignedInUser } from '../../shared/schemas/auth.ts';
import { forgetSession, showSignedIn } from '../api/changes.ts';
import { useLiveChanges } from '../api/live.ts';
import { needsSecondFactor, type SignInResult } from '../api/mfa.ts';
import { resources } from '../api/resources.ts';
import { login } from '../features/auth/api/login.ts';
import { useAccountLanguage } from '../i18n/account-language.ts';
import { logout } from '../features/auth/api/logout.ts';
import { errorMessage } from '../lib/api.ts';
import { hasSessionHint } from '../lib/session-hint.ts';
import { notify } from '../lib/toast.ts';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n.ts';

interface AuthContextValue {
  user: TCurrentUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<SignInResult, Error, TLoginInput>;
  /** After the second step of a sign-in: the user is signed in. */
  signedIn: (user: TSignedInUser) => void;
  logoutMutation: UseMutationResult<unknown, Error, void>;
  /** Asks the server who is signed in, even without the session hint (pages that need a user). */
  askServer: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // Without the session hint the visitor is taken as signed out from the first render, with no
  // request and no state change: on the prerendered landing page a change of this context before
  // the page has hydrated would make React hydrate it at once, in one long task.
  const [signedOutAtStart] = useState(() => !hasSessionHint());
  const userQuery = useQuery({ ...resources.currentUser(), initialData: signedOutAtStart ? null : undefined });
  // While someone is signed in, what changes reaches the pages they have open (DECISIONS §6).
  useLiveChanges(userQuery.data?.id ?? null);
  useAccountLanguage(userQuery.data ?? null);
  const askServer = useCallback(async () => {
    // A failure stays in the query's state, as any failed read of the user does.
    await queryClient.fetchQuery({ ...resources.currentUser({ evenWithoutHint: true }), staleTime: 0 }).catch(() => undefined);
  }, [queryClient]);

  const signedIn = useCallback(
    ({ welcomeBack, ...user }: TSignedInUser) => {
      showSignedIn(queryClient, user);
      // 'Back' only to someone who signed in here before (the server's answer): a first sign-in is welcomed.
      notify.success(welcomeBack ? i18n._(msg`Welcome back!`) : i18n._(msg`Welcome!`), i18n._(msg`You have successfully logged in.`));
    },
    [queryClient],
  );

  const loginMutation = useMutation({
    mutationFn: login,
    // With two-factor authentication on, the page asks for the code before anyone is signed in.
    onSuccess: (result) => {
      if (!needsSecondFactor(result)) signedIn(result);
    },
    // The sign-in form says why under its fields (role="alert"): the spec's toast shows it too, silently, so it is heard once.
    onError: (error) => notify.error(i18n._(msg`Login failed`), errorMessage(error), { silent: true }),
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetSession(queryClient);
      navigate('/');
      notify.success(i18n._(msg`Logged out`), i18n._(msg`You have been logged out successfully.`));
    },
    onError: (error) => notify.error(i18n._(msg`Logout failed`), errorMessage(error)),
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      loginMutation,
      signedIn,
      logoutMutation,
      askServer,
    }),
    [userQuery.data, userQuery.isLoading, userQuery.error, loginMutation, signedIn, logoutMutation, askServer],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
