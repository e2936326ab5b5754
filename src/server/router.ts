import { authRouter } from './areas/auth/router.ts';
import { downloadsRouter } from './areas/downloads/router.ts';
import { resultsRouter } from './areas/results/router.ts';
import { sponsorsRouter } from './areas/sponsors/router.ts';
import { groupsRouter, permissionsRouter } from './areas/groups/router.ts';
import { logRouter } from './areas/log/router.ts';
import { accountRouter, usersRouter } from './areas/users/router.ts';
import { createCallerFactory, router } from './trpc/index.ts';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  users: usersRouter,
  groups: groupsRouter,
  permissions: permissionsRouter,
  log: logRouter,
  downloads: downloadsRouter,
  sponsors: sponsorsRouter,
  results: resultsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
