import type { AppConfig } from '../../../config/app-config.js';
import { HttpRobotPoster, INTERNAL_ADDRESS_REFUSED } from './http-robot-poster.js';

describe('the robots\' and webhooks\' poster', () => {
  const poster = new HttpRobotPoster({ pushAllowedHosts: [] } as unknown as AppConfig);

  it.each(['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.5/robot', 'http://localhost:9/x'])(
    'reaches no internal address without PUSH_ALLOWED_HOSTS: %s',
    async (url) => {
      await expect(poster.webhook(url, null, { a: 1 })).rejects.toThrow(INTERNAL_ADDRESS_REFUSED);
    },
  );

  it('posts to nothing but http(s)', async () => {
    await expect(poster.wecom('file:///etc/passwd', 'x')).rejects.toThrow('推送地址必须是 http 或 https 地址');
  });
});
