import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cameFromLogoutEntry } from '../../logoutState.ts';
import { trpc } from '../../trpc.ts';
import { LoginPage } from './LoginPage.tsx';

/**
 * /logout shows the login screen (SPEC §2). Only when the back office's Logout entry led
 * here (logoutState.ts) does it end the session, forget everything cached about the
 * member and move on to /login (SPEC §4); a visit from anywhere else keeps the session.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const fromMenu = cameFromLogoutEntry(useLocation().state);
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({ meta: { errorPrefix: 'Fehler beim Abmelden' } });
  // StrictMode runs effects twice in development; one logout is enough.
  const started = useRef(false);

  useEffect(() => {
    if (!fromMenu || started.current) return;
    started.current = true;
    logout.mutateAsync().then(
      () => leave(),
      // The snackbar already tells what went wrong; the member still lands on the login.
      () => leave(),
    );
    function leave() {
      queryClient.clear();
      // Replaces this entry, state and all: going back does not log out again.
      void navigate('/login', { replace: true });
    }
  }, [fromMenu, logout, navigate, queryClient]);

  return <LoginPage />;
}
