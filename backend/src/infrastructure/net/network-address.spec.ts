import { addressKind, isPublicAddress } from './network-address.js';

/** The host a URL reaches, as `new URL()` normalises it (the interface source checks this, then every resolved address). */
const hostOf = (url: string) => new URL(url).hostname;

describe('addressKind: what an interface source may reach (issue 31 item 15)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.100.100.200', 'shared'],
    ['192.0.0.192', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['169.253.1.1', 'public'],
    ['11.0.0.1', 'public'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2400:3200::1', 'public'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'reserved'],
  ])('IPv4 inside IPv6 %s is classified by its IPv4 address: %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0/', 'unspecified'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
    ['http://2852039166/', 'link-local'],
    ['http://[::ffff:127.0.0.1]:8080/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://134744072/', 'public'],
  ])('the decimal, hex and short forms a URL normalises: %s is %s', (url, kind) => {
    expect(addressKind(hostOf(url))).toBe(kind);
  });

  it('calls a name or a malformed address invalid (names are resolved before they are checked)', () => {
    for (const text of ['localhost', 'example.com', '1.2.3', '::1::2', '1:2:3:4:5:6:7:8:9', '']) expect(addressKind(text)).toBe('invalid');
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
  });
});
