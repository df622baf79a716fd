import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { TCurrentUser, TLoginInput } from '../../shared/schemas/auth.ts';
import { currentUserKey, getCurrentUser } from '../features/auth/api/get-current-user.ts';
import { login } from '../features/auth/api/login.ts';
import { logout } from '../features/auth/api/logout.ts';
import { errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';

interface AuthContextValue {
  user: TCurrentUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<TCurrentUser, Error, TLoginInput>;
  logoutMutation: UseMutationResult<unknown, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const userQuery = useQuery({ queryKey: currentUserKey, queryFn: getCurrentUser });

  const loginMutation = useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      notify.success('Welcome back!', 'You have successfully logged in.');
    },
    onError: (error) => notify.error('Login failed', errorMessage(error)),
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      navigate('/');
      notify.success('Logged out', 'You have been logged out successfully.');
    },
    onError: (error) => notify.error('Logout failed', errorMessage(error)),
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      loginMutation,
      logoutMutation,
    }),
    [userQuery.data, userQuery.isLoading, userQuery.error, loginMutation, logoutMutation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
