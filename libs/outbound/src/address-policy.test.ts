import { addressPolicy, ipLiteralOf } from './address-policy';

describe('addressPolicy', () => {
  const strict = addressPolicy({ allowLoopback: false, purpose: 'webhooks', loopbackSwitch: 'WEBHOOK_ALLOW_LOOPBACK' });
  const development = addressPolicy({ allowLoopback: true, purpose: 'webhooks' });

  it.each([
    ['169.254.169.254', /link-local/],
    ['::ffff:169.254.169.254', /link-local/],
    ['fd00:ec2::254', /unique-local/],
    ['10.1.2.3', /private/],
    ['172.31.255.255', /private/],
    ['192.168.0.10', /private/],
    ['100.64.0.1', /shared/],
    ['0.0.0.0', /this network/],
    ['::', /unspecified/],
    ['fe80::1', /link-local/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /reserved/],
    ['64:ff9b::a9fe:a9fe', /link-local/],
    ['64:ff9b::10.0.0.1', /private/],
    ['2002:7f00:1::', /6to4/]
  ])('refuses %s always', (address, reason) => {
    expect(strict.refusal(address)).toMatch(reason);
    expect(development.refusal(address)).toMatch(reason);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('refuses loopback %s unless allowed', (address) => {
    expect(strict.refusal(address)).toMatch(/loopback/);
    expect(development.refusal(address)).toBeNull();
  });

  it('names the switch that allows loopback, when there is one', () => {
    expect(strict.refusal('127.0.0.1')).toBe('a loopback address (WEBHOOK_ALLOW_LOOPBACK is off)');
    expect(addressPolicy({ allowLoopback: false, purpose: 'logos' }).refusal('127.0.0.1')).toBe('a loopback address');
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '64:ff9b::808:808'])('lets public %s through', (address) => {
    expect(strict.refusal(address)).toBeNull();
  });

  it('reads IP literals out of URL host names, brackets and all', () => {
    expect(ipLiteralOf('[::1]')).toBe('::1');
    expect(ipLiteralOf(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf('hooks.example.com')).toBeNull();
  });
});
