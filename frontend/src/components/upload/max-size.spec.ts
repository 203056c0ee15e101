import { afterEach, describe, expect, it } from '@jest/globals';
import { setClientConfig } from '../../api/client-config';
import { checkChosenFile, configuredMaxMb } from './file-rules';

describe('the upload limit comes from the server (FILE_MAX_MB through /api/client-config)', () => {
  afterEach(() => setClientConfig({}));

  it('is the configured fileMaxMb, else the server default 500', () => {
    expect(configuredMaxMb({ fileMaxMb: 20 })).toBe(20);
    expect(configuredMaxMb({})).toBe(500);
    setClientConfig({ fileMaxMb: 3 });
    expect(configuredMaxMb()).toBe(3);
  });

  it('refuses a chosen file over the configured limit', () => {
    setClientConfig({ fileMaxMb: 3 });
    expect(checkChosenFile({ name: 'a.pdf', size: 4 * 1024 * 1024 })).toEqual({ ok: false, keep: false, message: 'a.pdf文件大小超过3MB' });
    expect(checkChosenFile({ name: 'a.pdf', size: 2 * 1024 * 1024 })).toEqual({ ok: true });
  });
});
