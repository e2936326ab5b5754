import { authRouter } from './areas/auth/router.ts';
import { createCallerFactory, router } from './trpc/index.ts';

export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
