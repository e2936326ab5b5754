import { authRouter } from './areas/auth/router.ts';
import { calendarRouter } from './areas/calendar/router.ts';
import { clubRouter } from './areas/club/router.ts';
import { contactRouter } from './areas/contact/router.ts';
import { messagesRouter } from './areas/messages/router.ts';
import { contentRouter } from './areas/content/router.ts';
import { downloadsRouter } from './areas/downloads/router.ts';
import { galleriesRouter } from './areas/galleries/router.ts';
import { newsRouter } from './areas/news/router.ts';
import { parcoursRouter } from './areas/parcours/router.ts';
import { courseBookRouter } from './areas/coursebook/router.ts';
import { resultsRouter } from './areas/results/router.ts';
import { sponsorsRouter } from './areas/sponsors/router.ts';
import { hostsRouter } from './areas/hosts/router.ts';
import { timetablesRouter } from './areas/timetables/router.ts';
import { dutiesRouter } from './areas/duties/router.ts';
import { registrationsRouter } from './areas/registrations/router.ts';
import { groupsRouter, permissionsRouter } from './areas/groups/router.ts';
import { logRouter } from './areas/log/router.ts';
import { accountRouter, usersRouter } from './areas/users/router.ts';
import { appPasswordsRouter, secondFactorRouter } from './areas/second-factor/router.ts';
import { createCallerFactory, router } from './trpc/index.ts';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  secondFactor: secondFactorRouter,
  appPasswords: appPasswordsRouter,
  users: usersRouter,
  groups: groupsRouter,
  permissions: permissionsRouter,
  log: logRouter,
  content: contentRouter,
  timetables: timetablesRouter,
  club: clubRouter,
  parcours: parcoursRouter,
  courseBook: courseBookRouter,
  contact: contactRouter,
  messages: messagesRouter,
  downloads: downloadsRouter,
  sponsors: sponsorsRouter,
  results: resultsRouter,
  galleries: galleriesRouter,
  news: newsRouter,
  calendar: calendarRouter,
  hosts: hostsRouter,
  duties: dutiesRouter,
  registrations: registrationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
