import { describe, expect, it } from 'vitest';
import { userAgentLabel } from './user-agent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
};

describe('userAgentLabel', () => {
  it('names browser and system', () => {
    expect(userAgentLabel(UA.chromeWindows)).toBe('Chrome en Windows');
    expect(userAgentLabel(UA.edgeWindows)).toBe('Edge en Windows');
    expect(userAgentLabel(UA.firefoxLinux)).toBe('Firefox en Linux');
    expect(userAgentLabel(UA.safariMac)).toBe('Safari en macOS');
    expect(userAgentLabel(UA.safariIphone)).toBe('Safari en iOS');
    expect(userAgentLabel(UA.chromeAndroid)).toBe('Chrome en Android');
  });
  it('reads the iOS builds of Chrome and Firefox, and a system alone', () => {
    expect(
      userAgentLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome en iOS');
    expect(
      userAgentLabel(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
      ),
    ).toBe('Firefox en iOS');
    expect(userAgentLabel('Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8)')).toBe('Android');
  });

  it('says Desconocido when missing or unrecognised', () => {
    expect(userAgentLabel(null)).toBe('Desconocido');
    expect(userAgentLabel('')).toBe('Desconocido');
    expect(userAgentLabel('curl/8.5.0')).toBe('Desconocido');
  });
});
