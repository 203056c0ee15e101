import { useEffect, useMemo } from 'react';
import { attachmentUrl, getSystemSetting } from '../api/user';
import type { SystemSetting } from '../api/types';
import { DEFAULT_SYSTEM_NAME } from '../utils/constants';
import { stripTags } from '../utils/formatters';
import { useRequest } from './use-request';

/** The spec's text when the system setting cannot be read (the defaults show meanwhile). */
export const SYSTEM_SETTING_FAILED = '获取系统配置错误!';

// One request per page load, shared by the login page and the shell; a failure says so once and means the defaults.
let loading: Promise<SystemSetting | null> | null = null;
let loaded: SystemSetting | null = null;
function loadSystemSetting(): Promise<SystemSetting | null> {
  loading ??= getSystemSetting(undefined, { failureMessage: SYSTEM_SETTING_FAILED }).then(
    (setting) => (loaded = setting),
    () => null,
  );
  return loading;
}

export interface SystemBrand {
  /** the configured name without markup, else 教学质量监测与分析平台 */
  systemName: string;
  logoUrl: string | null;
}

export function useSystemSetting(): SystemBrand {
  // what an earlier page already loaded shows at once
  const setting = useRequest(loadSystemSetting, 'system-setting').data ?? loaded;

  const systemName = stripTags(setting?.systemName || setting?.systemNameSource) || DEFAULT_SYSTEM_NAME;
  const logoId = setting?.logoAttachment?.id;

  useEffect(() => {
    document.title = systemName;
  }, [systemName]);

  // built once per logo: the csrf parameters change with every call and would reload the image
  const logoUrl = useMemo(() => (logoId ? attachmentUrl(logoId) : null), [logoId]);

  return { systemName, logoUrl };
}
