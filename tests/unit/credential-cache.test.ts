import { describe, expect, it } from 'vitest';
import { CredentialCache, RECHECK_MS } from '../../src/server/areas/auth/credential-cache.ts';

describe('CredentialCache', () => {
  it('keys entries by shooter number and password without keeping the password', () => {
    const key = CredentialCache.keyOf('00000001', 'Geheim123');
    expect(key).toBe(CredentialCache.keyOf('00000001', 'Geheim123'));
    expect(key).not.toContain('Geheim123');
    expect(key).not.toBe(CredentialCache.keyOf('00000001', 'Geheim124'));
    expect(key).not.toBe(CredentialCache.keyOf('00000002', 'Geheim123'));
    // The separator keeps "uid:pass" pairs apart that would otherwise concatenate alike.
    expect(CredentialCache.keyOf('0000000', '1Geheim')).not.toBe(CredentialCache.keyOf('00000001', 'Geheim'));
  });

  it('remembers an entry while it is used, and forgets it a lifetime after its last use', () => {
    const cache = new CredentialCache(1000);
    const key = CredentialCache.keyOf('00000001', 'Geheim123');
    cache.set(key, 1, '$2b$hash', 10_000);
    expect(cache.get(key, 10_000)).toEqual({ userId: 1, passwordHash: '$2b$hash', expiresMs: 11_000 });
    // Used every 0.9 s, it stays: a polling program does not pay bcrypt again.
    for (const now of [10_900, 11_800, 12_700]) expect(cache.get(key, now)?.userId).toBe(1);
    expect(cache.get(key, 13_699)).toBeDefined();
    expect(cache.get(key, 14_699)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('runs one check for requests under way with the same key, and a new one afterwards', async () => {
    const cache = new CredentialCache();
    let checks = 0;
    let release!: () => void;
    const check = () => {
      checks += 1;
      return new Promise<number>((resolve) => (release = () => resolve(checks)));
    };
    const burst = [cache.checkOnce('a', check), cache.checkOnce('a', check), cache.checkOnce('a', check)];
    const other = cache.checkOnce('b', () => Promise.reject(new Error('falsch')));
    release();
    expect(await Promise.all(burst)).toEqual([1, 1, 1]);
    await expect(other).rejects.toThrow('falsch');
    // A failure is shared too, but not kept: the next request checks again.
    await expect(cache.checkOnce('b', async () => 'richtig')).resolves.toBe('richtig');
    const later = cache.checkOnce('a', check);
    release();
    expect(await later).toBe(2);
  });

  it('takes the member as the database last showed them for RECHECK_MS only, and never after a clock set back or forgetUser', () => {
    const cache = new CredentialCache();
    const member = { via: 'password' as const, id: 1, uid: '00000001', prename: 'Max', lastname: 'Muster', permissions: new Set(['calendar_view'] as const), sectionRights: {}, secondFactorPending: false };
    cache.set('k', 1, 'h', 0);
    const entry = cache.get('k', 0)!;
    expect(cache.recentPrincipal(entry, 0)).toBeUndefined();
    expect(cache.confirm('k', member, 10_000)).toBe(member);
    expect(cache.recentPrincipal(entry, 10_000)).toBe(member);
    expect(cache.recentPrincipal(entry, 10_000 + RECHECK_MS - 1)).toBe(member);
    expect(cache.recentPrincipal(entry, 10_000 + RECHECK_MS)).toBeUndefined();
    expect(cache.recentPrincipal(entry, 9_999)).toBeUndefined();
    cache.forgetUser(1);
    expect(cache.get('k', 10_001)).toBeUndefined();
    // Confirming credentials that were forgotten meanwhile remembers nothing.
    cache.confirm('k', member, 10_002);
    expect(cache.get('k', 10_003)).toBeUndefined();
  });

  it('forgets every entry of a user at once', () => {
    const cache = new CredentialCache();
    cache.set('a', 1, 'h1', 0);
    cache.set('b', 1, 'h1', 0);
    cache.set('c', 2, 'h2', 0);
    cache.forgetUser(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.userId).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('stays bounded by dropping the oldest entry', () => {
    const cache = new CredentialCache(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1, 'h', 0);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeDefined();
  });
});
