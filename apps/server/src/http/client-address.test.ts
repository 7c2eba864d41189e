import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:7:1::/64';
    for (const address of [
      '2001:db8:7:1::1',
      '2001:db8:7:1:abcd:ef01:2345:6789',
      '2001:0DB8:0007:0001:0:0:0:ff',
      '2001:db8:7:1::192.0.2.1',
      '2001:db8:7:1::9%eth0',
    ])
      expect(clientAddressKey(address)).toBe(key);
    expect(clientAddressKey('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps IPv4 as it is, and reads an IPv4-mapped address as IPv4', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('passes on what is no address unchanged', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not-an-ip')).toBe('not-an-ip');
  });
});
