import { router, sharedReadProcedure } from '../../trpc/index.ts';

export const clubRouter = router({
  /** Name, address, contacts, social links and course of the club (club.json, DESIGN §8). */
  profile: sharedReadProcedure.query(({ ctx }) => ctx.services.clubProfile),
});
