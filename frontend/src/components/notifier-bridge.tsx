import { CHINESE_RENDERINGS } from '@zhengai/contracts';
import { App } from 'antd';
import { useEffect } from 'react';
import { resetNotifier, setNotifier } from '../api/notifier';

/**
 * Gives the request layer antd's context-aware message and Modal (antd's static methods would miss
 * the locale and theme). Render it first inside antd's <App>.
 */
export function NotifierBridge({ startupError }: { startupError?: string }) {
  const { message, modal } = App.useApp();

  useEffect(() => {
    setNotifier({
      // keyed by text: ten failures of one kind show one toast
      error: (text) => void message.open({ type: 'error', content: text, key: `error:${text}` }),
      warning: (text, duration = 3) => void message.open({ type: 'warning', content: text, duration, key: `warning:${text}` }),
      success: (text) => void message.open({ type: 'success', content: text }),
      sessionExpired: (text, onRelogin) => {
        modal.warning({
          title: CHINESE_RENDERINGS.notice,
          content: text,
          okText: '重新登录',
          keyboard: false,
          mask: { closable: false },
          onOk: onRelogin,
        });
      },
      confirm: (text) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: '提示',
            content: text,
            okText: '确定',
            cancelText: '取消',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      redirect: (path) => window.location.assign(path),
    });
    return resetNotifier;
  }, [message, modal]);

  useEffect(() => {
    if (startupError) void message.open({ type: 'error', content: startupError, key: 'startup' });
  }, [message, startupError]);

  return null;
}
