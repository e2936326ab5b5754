import type { ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from './components/LoadingScreen.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { ADMIN_SCREENS, calendarMonthPath, type AdminRouteHandle, type AdminScreenName } from './pages/admin/screens.ts';
import { HomePage } from './pages/public/HomePage.tsx';
import { NotFoundPage } from './pages/public/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

/** Paths below /admin, relative to it. */
function adminPath(screen: AdminScreenName): string {
  return ADMIN_SCREENS[screen].path.slice('/admin/'.length);
}

/**
 * A back-office screen loaded on demand: each page is its own chunk, so the public site
 * never downloads the back office (DESIGN §5).
 */
function adminScreen(screen: AdminScreenName, load: () => Promise<ComponentType>, path = adminPath(screen)): RouteObject {
  const handle: AdminRouteHandle = { screen };
  return { path, handle, lazy: { Component: load } };
}

/**
 * A public page loaded on demand: a visitor's first page brings the layout, Home and the
 * one page asked for, not the forms, tables and pickers of all the others.
 */
function publicPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: { Component: load } };
}

/** `/admin/kalender` always names a month; without a valid one it shows the current month (SPEC §2). */
export function calendarLoader({ params }: LoaderFunctionArgs) {
  const { year, month } = params;
  if (year && month && /^\d{4}$/.test(year) && /^(0[1-9]|1[0-2])$/.test(month)) return null;
  // A plain Date: this module is in every public page's download, dayjs is not.
  const today = new Date();
  // React Router takes a thrown redirect Response as the loader's answer.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(calendarMonthPath(today.getFullYear(), today.getMonth() + 1));
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown on the first visit of a back-office address until its code has arrived.
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', Component: HomePage },
          publicPage('about', async () => (await import('./pages/public/AboutPage.tsx')).AboutPage),
          publicPage('termine', async () => (await import('./pages/public/AppointmentsPage.tsx')).AppointmentsPage),
          publicPage('downloads', async () => (await import('./pages/public/DownloadsPage.tsx')).DownloadsPage),
          publicPage('galerien/:section?', async () => (await import('./pages/public/GalleriesPage.tsx')).GalleriesPage),
          publicPage('zeiten-lg-lp', async () => (await import('./pages/public/GunTimesPage.tsx')).GunTimesPage),
          publicPage('ergebnisse-lg-lp', async () => (await import('./pages/public/GunResultsPage.tsx')).GunResultsPage),
          publicPage('zeiten-bogen', async () => (await import('./pages/public/ArchTimesPage.tsx')).ArchTimesPage),
          publicPage('bogenparcours', async () => (await import('./pages/public/ArchParcoursPage.tsx')).ArchParcoursPage),
          publicPage('ergebnisse-bogen', async () => (await import('./pages/public/ArchResultsPage.tsx')).ArchResultsPage),
          publicPage('zeiten-blasrohr', async () => (await import('./pages/public/BlowpipeTimesPage.tsx')).BlowpipeTimesPage),
          publicPage('ergebnisse-blasrohr', async () => (await import('./pages/public/BlowpipeResultsPage.tsx')).BlowpipeResultsPage),
          publicPage('kontakt', async () => (await import('./pages/public/ContactPage.tsx')).ContactPage),
          publicPage('unterstuetzer', async () => (await import('./pages/public/SponsorsPage.tsx')).SponsorsPage),
          publicPage('datenschutz', async () => (await import('./pages/public/PrivacyPage.tsx')).PrivacyPage),
          publicPage('disclaimer', async () => (await import('./pages/public/DisclaimerPage.tsx')).DisclaimerPage),
          publicPage('impressum', async () => (await import('./pages/public/ImpressumPage.tsx')).ImpressumPage),
          // The form and its validation load with the login, not with every public page.
          { path: 'login', lazy: { Component: () => import('./pages/public/LoginPage.tsx').then((page) => page.LoginPage) } },
          { path: 'logout', lazy: { Component: () => import('./pages/public/LogoutPage.tsx').then((page) => page.LogoutPage) } },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: 'admin',
        children: [
          { index: true, element: <Navigate to="/login" replace /> },
          {
            lazy: { Component: async () => (await import('./layouts/AdminLayout.tsx')).AdminLayout },
            children: [
              adminScreen('dashboard', async () => (await import('./pages/admin/DashboardPage.tsx')).DashboardPage),
              {
                ...adminScreen(
                  'calendar',
                  async () => (await import('./pages/admin/CalendarPage.tsx')).CalendarPage,
                  `${adminPath('calendar')}/:year?/:month?`,
                ),
                loader: calendarLoader,
              },
              adminScreen('hosts', async () => (await import('./pages/admin/HostsPage.tsx')).HostsPage),
              adminScreen('groups', async () => (await import('./pages/admin/GroupsPage.tsx')).GroupsPage),
              adminScreen('users', async () => (await import('./pages/admin/UsersPage.tsx')).UsersPage),
              adminScreen('account', async () => (await import('./pages/admin/AccountPage.tsx')).AccountPage),
              adminScreen('log', async () => (await import('./pages/admin/LogPage.tsx')).LogPage),
            ],
          },
        ],
      },
    ],
  },
];
