import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isLinkToken, linkTokenHash, newLinkToken } from '../../src/server/http/link-token.ts';
import { resetTokenHash } from '../../src/server/areas/auth/password-reset.ts';
import { feedTokenHash } from '../../src/server/areas/duties/feed.ts';

describe('link tokens', () => {
  it('are 256 random bits in base64url, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newLinkToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(isLinkToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('refuses what no link ever carried before the database is asked', () => {
    for (const odd of ['', 'abc', `${newLinkToken()}x`, `${newLinkToken().slice(0, 42)}+`, `${newLinkToken().slice(0, 42)}=`]) {
      expect(isLinkToken(odd)).toBe(false);
    }
  });

  it('keeps the hashes stored before the helper, and separates the kinds of link', () => {
    const token = newLinkToken();
    expect(resetTokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(feedTokenHash(token)).toBe(createHash('sha256').update(`duty-feed\u0000${token}`).digest('hex'));
    expect(linkTokenHash('unsubscribe', token)).not.toBe(linkTokenHash('registration', token));
    expect(linkTokenHash('unsubscribe', token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
