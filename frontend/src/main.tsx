import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setClientConfig } from './api/client-config';
import { announceOnReturn } from './api/data-events';
import { fetchClientConfig } from './api/system';
import { App } from './app';
import './global.css';

dayjs.locale('zh-cn');

/** The client config carries the csrf secret, so it is fetched before anything else is sent. */
async function loadClientConfig(): Promise<string | undefined> {
  try {
    setClientConfig(await fetchClientConfig({ silent: true, timeoutMs: 10_000 }));
    return undefined;
  } catch {
    // keep the defaults: the login page still renders, and the person is told why calls may fail
    return '获取系统配置错误!';
  }
}

// lists and counters ask again when the person comes back: someone else may have written meanwhile
announceOnReturn();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

void loadClientConfig().then((startupError) => {
  createRoot(container).render(
    <StrictMode>
      <App startupError={startupError} />
    </StrictMode>,
  );
});
