/**
 * Runs jobs at most `limit` at a time, the others in order of arrival. sharp decodes and
 * encodes on threads of libuv's pool (four by default), which bcrypt (every login) and the
 * file system (every /files answer read from disk) share: four uploads converting photos
 * at once would take every thread, and logins and files would wait behind whole photos.
 * One queue per app (in its storage), never shared through module state.
 */
export interface JobQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
}

/** Image jobs at once: one leaves libuv's other threads to logins and files. */
export const DEFAULT_IMAGE_JOBS = 1;

export function createJobQueue(limit: number = DEFAULT_IMAGE_JOBS): JobQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, not ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (running < limit) running += 1;
      // A finished job hands its slot straight to the next in line, so `running` stays counted.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
