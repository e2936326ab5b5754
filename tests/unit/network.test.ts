import { describe, expect, it } from 'vitest';
import { networkOf } from '../../src/server/http/network.ts';

describe('networkOf: the network an address counts as in limits per address', () => {
  it('counts an IPv4 address by itself', () => {
    expect(networkOf('203.0.113.5')).toBe('203.0.113.5');
    expect(networkOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address, in either spelling', () => {
    expect(networkOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(networkOf('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(networkOf('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('counts an IPv6 address by its /64 in one canonical spelling', () => {
    const network = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0DB8:0000:0001:0000:0000:0000:0042',
      '2001:db8::1:a:b:c:d',
      '2001:db8:0:1:1:2:3.4.5.6',
      '2001:db8:0:1::9%eth0',
    ]) {
      expect(networkOf(address), address).toBe(network);
    }
    expect(networkOf('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(networkOf('2001:db8:1:0:0:0:0:1')).toBe('2001:db8:1::/64');
    expect(networkOf('::1')).toBe('::/64');
    expect(networkOf('fe80::abcd%eth0')).toBe('fe80::/64');
    expect(networkOf('2001:db8:aaaa:bbbb:1::')).toBe('2001:db8:aaaa:bbbb::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(networkOf('unbekannt')).toBe('unbekannt');
    expect(networkOf('')).toBe('');
  });
});
