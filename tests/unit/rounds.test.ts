import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PeriodicRounds } from '../../src/server/rounds.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger(errors: unknown[]): FastifyBaseLogger {
  return { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;
}

describe('PeriodicRounds', () => {
  it('runs the first round at once, never two at a time, goes on after a failed round, and waits for the running round when stopped', async () => {
    const errors: unknown[] = [];
    let running = 0;
    let most = 0;
    let rounds = 0;
    let finished = 0;
    const periodic = new PeriodicRounds({ name: 'test', intervalMs: 1, logger: recordingLogger(errors) }, async () => {
      rounds += 1;
      running += 1;
      most = Math.max(most, running);
      await wait(5);
      running -= 1;
      finished += 1;
      if (rounds === 2) throw new Error('Runde 2 scheitert');
    });
    periodic.start();
    periodic.start();
    await wait(60);
    await periodic.stop();
    const stoppedAt = rounds;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    // The round running at the stop finished before stop() returned, and none followed.
    expect(finished).toBe(stoppedAt);
    await wait(20);
    expect(rounds).toBe(stoppedAt);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('test: round failed');
  });
});
