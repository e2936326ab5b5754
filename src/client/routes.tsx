import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from './components/LoadingScreen.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { ADMIN_SCREENS, calendarMonthPath, type AdminRouteHandle, type AdminScreenName } from './pages/admin/screens.ts';
import { AboutPage } from './pages/public/AboutPage.tsx';
import { AppointmentsPage } from './pages/public/AppointmentsPage.tsx';
import { ArchParcoursPage } from './pages/public/ArchParcoursPage.tsx';
import { ArchResultsPage } from './pages/public/ArchResultsPage.tsx';
import { ArchTimesPage } from './pages/public/ArchTimesPage.tsx';
import { BlowpipeResultsPage } from './pages/public/BlowpipeResultsPage.tsx';
import { BlowpipeTimesPage } from './pages/public/BlowpipeTimesPage.tsx';
import { ContactPage } from './pages/public/ContactPage.tsx';
import { DisclaimerPage } from './pages/public/DisclaimerPage.tsx';
import { DownloadsPage } from './pages/public/DownloadsPage.tsx';
import { GalleriesPage } from './pages/public/GalleriesPage.tsx';
import { GunResultsPage } from './pages/public/GunResultsPage.tsx';
import { GunTimesPage } from './pages/public/GunTimesPage.tsx';
import { HomePage } from './pages/public/HomePage.tsx';
import { ImpressumPage } from './pages/public/ImpressumPage.tsx';
import { NotFoundPage } from './pages/public/NotFoundPage.tsx';
import { PrivacyPage } from './pages/public/PrivacyPage.tsx';
import { SponsorsPage } from './pages/public/SponsorsPage.tsx';
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

/** `/admin/kalender` always names a month; without a valid one it shows the current month (SPEC §2). */
export function calendarLoader({ params }: LoaderFunctionArgs) {
  const { year, month } = params;
  if (year && month && /^\d{4}$/.test(year) && /^(0[1-9]|1[0-2])$/.test(month)) return null;
  const today = dayjs();
  // React Router takes a thrown redirect Response as the loader's answer.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(calendarMonthPath(today.year(), today.month() + 1));
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
          { path: 'about', Component: AboutPage },
          { path: 'termine', Component: AppointmentsPage },
          { path: 'downloads', Component: DownloadsPage },
          { path: 'galerien/:section?', Component: GalleriesPage },
          { path: 'zeiten-lg-lp', Component: GunTimesPage },
          { path: 'ergebnisse-lg-lp', Component: GunResultsPage },
          { path: 'zeiten-bogen', Component: ArchTimesPage },
          { path: 'bogenparcours', Component: ArchParcoursPage },
          { path: 'ergebnisse-bogen', Component: ArchResultsPage },
          { path: 'zeiten-blasrohr', Component: BlowpipeTimesPage },
          { path: 'ergebnisse-blasrohr', Component: BlowpipeResultsPage },
          { path: 'kontakt', Component: ContactPage },
          { path: 'unterstuetzer', Component: SponsorsPage },
          { path: 'datenschutz', Component: PrivacyPage },
          { path: 'disclaimer', Component: DisclaimerPage },
          { path: 'impressum', Component: ImpressumPage },
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
