import type { ComponentType } from 'react';
import { Navigate, Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from './components/LoadingScreen.tsx';
import { UnsavedChangesProvider } from './components/unsavedChanges.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { ADMIN_SCREENS, calendarMonthPath, type AdminRouteHandle, type AdminScreenName } from './pages/admin/screens.ts';
import { HomePage } from './pages/public/HomePage.tsx';
import { NotFoundPage } from './pages/public/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { PUBLIC_PAGES, SIGNUP_LINK_PATH, type PublicPageId } from './publicPages.ts';
import { formAnswerAction } from './render/formAnswer.ts';
import { PASSWORD_RESET_PATH } from '../shared/constants.ts';
import { COURSE_TICKET_ROUTE } from '../shared/courseBook.ts';
import { NEWS_UNSUBSCRIBE_ROUTE } from '../shared/newsUnsubscribe.ts';
import { SECTION_QUERY, sectionPagePath, sectionSlug } from '../shared/sectionGroups.ts';

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

/** How a public page's component arrives: with the first chunk (Home), or on demand. */
type PageComponent = { Component: ComponentType } | { lazy: { Component: () => Promise<ComponentType> } };

const onDemandPage = (load: () => Promise<ComponentType>): PageComponent => ({ lazy: { Component: load } });

/**
 * Public pages but Home load on demand: a visitor's first page brings the layout, Home and
 * the one page asked for, not the forms, tables and pickers of all the others. The server
 * renders them all (entry-server.tsx) and names the page's chunk in the document.
 */
const PUBLIC_PAGE_COMPONENTS: Record<PublicPageId, PageComponent> = {
  home: { Component: HomePage },
  about: onDemandPage(async () => (await import('./pages/public/AboutPage.tsx')).AboutPage),
  appointments: onDemandPage(async () => (await import('./pages/public/AppointmentsPage.tsx')).AppointmentsPage),
  news: onDemandPage(async () => (await import('./pages/public/NewsPage.tsx')).NewsPage),
  newsArticle: onDemandPage(async () => (await import('./pages/public/NewsArticlePage.tsx')).NewsArticlePage),
  downloads: onDemandPage(async () => (await import('./pages/public/DownloadsPage.tsx')).DownloadsPage),
  galleries: onDemandPage(async () => (await import('./pages/public/GalleriesPage.tsx')).GalleriesPage),
  guntimes: onDemandPage(async () => (await import('./pages/public/GunTimesPage.tsx')).GunTimesPage),
  gunresults: onDemandPage(async () => (await import('./pages/public/GunResultsPage.tsx')).GunResultsPage),
  archtimes: onDemandPage(async () => (await import('./pages/public/ArchTimesPage.tsx')).ArchTimesPage),
  archparcours: onDemandPage(async () => (await import('./pages/public/ArchParcoursPage.tsx')).ArchParcoursPage),
  courseBook: onDemandPage(async () => (await import('./pages/public/CourseBookPage.tsx')).CourseBookPage),
  archresults: onDemandPage(async () => (await import('./pages/public/ArchResultsPage.tsx')).ArchResultsPage),
  blowpipetimes: onDemandPage(async () => (await import('./pages/public/BlowpipeTimesPage.tsx')).BlowpipeTimesPage),
  blowpiperesults: onDemandPage(async () => (await import('./pages/public/BlowpipeResultsPage.tsx')).BlowpipeResultsPage),
  contact: onDemandPage(async () => (await import('./pages/public/ContactPage.tsx')).ContactPage),
  signup: onDemandPage(async () => (await import('./pages/public/SignupPage.tsx')).SignupPage),
  sponsors: onDemandPage(async () => (await import('./pages/public/SponsorsPage.tsx')).SponsorsPage),
  privacy: onDemandPage(async () => (await import('./pages/public/PrivacyPage.tsx')).PrivacyPage),
  disclaimer: onDemandPage(async () => (await import('./pages/public/DisclaimerPage.tsx')).DisclaimerPage),
  impressum: onDemandPage(async () => (await import('./pages/public/ImpressumPage.tsx')).ImpressumPage),
};

/**
 * /termine?sparte=…: a section's address has one spelling, its slug. Another spelling of it
 * ('Bogen', 'LG/LP', given twice) is sent there with 301 (the server answers so too, and
 * keeps no page for it); an empty one is /termine. Which slugs exist is the page's to know:
 * an unknown one shows the not-found page (404).
 */
export function appointmentsLoader({ request }: LoaderFunctionArgs) {
  const values = new URL(request.url).searchParams.getAll(SECTION_QUERY);
  const [given] = values;
  if (given === undefined) return null;
  const slug = sectionSlug(given);
  if (values.length === 1 && given !== '' && (slug === given || slug === '')) return null;
  // React Router takes a thrown redirect Response as the loader's answer.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(given === '' ? '/termine' : sectionPagePath(slug === '' ? given : slug), 301);
}

const PUBLIC_PAGE_LOADERS: Partial<Record<PublicPageId, RouteObject['loader']>> = { appointments: appointmentsLoader };

/** Pages whose form is also posted without JavaScript: the server renders its answer (render/formAnswer.ts). */
const PUBLIC_PAGE_ACTIONS: Partial<Record<PublicPageId, RouteObject['action']>> = { signup: formAnswerAction };

function publicRoutes(): RouteObject[] {
  // Copies: the browser resolves the first page's `lazy` in place before it hydrates (main.tsx).
  return PUBLIC_PAGES.map(({ id, path }) => {
    const component = PUBLIC_PAGE_COMPONENTS[id];
    const loader = PUBLIC_PAGE_LOADERS[id];
    const action = PUBLIC_PAGE_ACTIONS[id];
    return {
      id,
      path: path.slice(1),
      ...(loader ? { loader } : {}),
      ...(action ? { action } : {}),
      ...('lazy' in component ? { lazy: { ...component.lazy } } : component),
    };
  });
}

/**
 * `/admin/kalender` always names a month (SPEC §2): `/admin/kalender/2026/3` is March 2026 (as
 * `/2026/03`), `/admin/kalender/2026` the current month of 2026; without a valid year it is
 * the current month.
 */
export function calendarLoader({ params }: LoaderFunctionArgs) {
  const { year, month } = params;
  // The calendar reads months from 1970 on (calendarMonthInput).
  const validYear = year && /^\d{4}$/.test(year) && Number(year) >= 1970 ? Number(year) : undefined;
  if (validYear !== undefined && month && /^(0[1-9]|1[0-2])$/.test(month)) return null;
  // A plain Date: this module is in every public page's download, dayjs is not.
  const today = new Date();
  const monthNumber = month && /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  const validMonth = validYear !== undefined && monthNumber >= 1 && monthNumber <= 12 ? monthNumber : today.getMonth() + 1;
  // React Router takes a thrown redirect Response as the loader's answer.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(calendarMonthPath(validYear ?? today.getFullYear(), validMonth));
}

/** `/` is Home (SPEC §2); the server answers it with a redirect too. */
function homeRedirect() {
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect('/home');
}

/** Around every page: one watch over unsaved forms for the public pages' dialogs and the back office alike (issue 28.2). */
function SiteFrame() {
  return (
    <UnsavedChangesProvider>
      <Outlet />
    </UnsavedChangesProvider>
  );
}

/**
 * The site's routes, made anew for each router: the browser's resolves the lazy pages of
 * the first address before it hydrates (main.tsx), which changes these objects.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: SiteFrame,
      errorElement: <RouteErrorPage />,
      // Shown on the first visit of a back-office address until its code has arrived.
      HydrateFallback: LoadingScreen,
      children: [
        {
          id: 'public',
          Component: PublicLayout,
          children: [
            { id: 'index', index: true, loader: homeRedirect },
            ...publicRoutes(),
            // A group's ticket (issue 30.2): at its long random address only, never kept or listed (pages.ts).
            { id: 'courseTicket', path: COURSE_TICKET_ROUTE, lazy: { Component: async () => (await import('./pages/public/CourseTicketPage.tsx')).CourseTicketPage } },
            // The form and its validation load with the login, not with every public page.
            { id: 'login', path: 'login', lazy: { Component: () => import('./pages/public/LoginPage.tsx').then((page) => page.LoginPage) } },
            { id: 'logout', path: 'logout', lazy: { Component: () => import('./pages/public/LogoutPage.tsx').then((page) => page.LogoutPage) } },
            // The page of a password reset link (issue 18), rendered in the browser like the login.
            {
              id: 'password-reset',
              path: PASSWORD_RESET_PATH.slice(1),
              lazy: { Component: () => import('./pages/public/PasswordResetPage.tsx').then((page) => page.PasswordResetPage) },
            },
            // A sign-up's personal link (issue 29.2): rendered on the server for its one reader.
            {
              id: 'signup-link',
              path: SIGNUP_LINK_PATH.slice(1),
              action: formAnswerAction,
              lazy: { Component: () => import('./pages/public/SignupLinkPage.tsx').then((page) => page.SignupLinkPage) },
            },
            // The article mail's unsubscribe link (issue 27.4): rendered on the server for its one reader, its button posted without JavaScript too.
            {
              id: 'news-unsubscribe',
              path: NEWS_UNSUBSCRIBE_ROUTE.slice(1),
              action: formAnswerAction,
              lazy: { Component: () => import('./pages/public/NewsUnsubscribePage.tsx').then((page) => page.NewsUnsubscribePage) },
            },
            { id: 'not-found', path: '*', Component: NotFoundPage },
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
                adminScreen('news', async () => (await import('./pages/admin/NewsAdminPage.tsx')).NewsAdminPage),
                adminScreen('messages', async () => (await import('./pages/admin/MessagesPage.tsx')).MessagesPage),
                {
                  ...adminScreen(
                    'calendar',
                    async () => (await import('./pages/admin/CalendarPage.tsx')).CalendarPage,
                    `${adminPath('calendar')}/:year?/:month?`,
                  ),
                  loader: calendarLoader,
                },
                // The organiser's list of an appointment's sign-ups and its print page (issue 29.4), under the calendar's rights.
                adminScreen(
                  'calendar',
                  async () => (await import('./pages/admin/registrations/RegistrationsPage.tsx')).RegistrationsPage,
                  `${adminPath('calendar')}/anmeldungen/:appointmentId`,
                ),
                adminScreen(
                  'calendar',
                  async () => (await import('./pages/admin/registrations/PrintListPage.tsx')).PrintListPage,
                  `${adminPath('calendar')}/anmeldungen/:appointmentId/druckliste`,
                ),
                adminScreen('parcours', async () => (await import('./pages/admin/ParcoursPage.tsx')).ParcoursPage),
                adminScreen('courseBook', async () => (await import('./pages/admin/CourseBookAdminPage.tsx')).CourseBookAdminPage),
                adminScreen('courseBook', async () => (await import('./pages/admin/CourseBookPosterPage.tsx')).CourseBookPosterPage, 'parcoursbuch/aushang'),
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
}
