import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { trpc } from '../../trpc.ts';
import { LoginPage } from './LoginPage.tsx';

/**
 * /logout (also the back office's Logout entry): ends the session, forgets everything
 * cached about the member and shows the login screen at /login (SPEC §2, §4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({ meta: { errorPrefix: 'Fehler beim Abmelden' } });
  // StrictMode runs effects twice in development; one logout is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutateAsync().then(
      () => leave(),
      // The snackbar already tells what went wrong; the member still lands on the login.
      () => leave(),
    );
    function leave() {
      queryClient.clear();
      void navigate('/login', { replace: true });
    }
  }, [logout, navigate, queryClient]);

  return <LoginPage />;
}
