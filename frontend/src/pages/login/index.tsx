import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, ConfigProvider, Form, Input } from 'antd';
import { Fragment, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getCentreHome } from '../../api/development-centres';
import { notifier } from '../../api/notifier';
import { login, updatePassword } from '../../api/user';
import type { LoginUser } from '../../api/types';
import { PASSWORD_MESSAGES, checkConfirmPassword, checkNewPassword, ruleOf } from '../../layouts/account-rules';
import { useAuth } from '../../auth/auth-context';
import { safeFrom } from '../../auth/login-redirect';
import { BrandLogo } from '../../components/brand-logo';
import { useSystemSetting } from '../../hooks/use-system-setting';
import { PRODUCT_VERSION } from '../../utils/constants';
import { objectLink } from '../develop-centre/centre-data';
import { clearLoginUser } from '../../utils/login-storage';
import styles from './login.module.css';
import { FAILED_LOGIN_NOTICE_SECONDS, failedLoginNotice } from './failed-logins';
import { titleSegments } from '../../utils/title-segments';

// labels a little closer to their inputs than antd's default
const formTheme = { components: { Form: { verticalLabelPadding: '0 0 6px', itemMarginBottom: 22 } } };

interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** A login accepted with an import's initial password: the person sets their own before going on (issue 32). */
interface Forced {
  accepted: LoginUser;
  oldPassword: string;
  failedLoginCount: number;
}

interface LoginForm {
  userName: string;
  password: string;
  remember: boolean;
}

/**
 * A teacher or student lands in their own centre (issue 33): their portrait, through the redirect helper, when one of
 * their roles holds that centre's menu. Anyone else (also a teacher holding a post), or if the question fails, the home
 * page.
 */
async function ownCentre(user: LoginUser): Promise<string | null> {
  try {
    const home = await getCentreHome({ silent: true });
    return home.afterLogin ? objectLink(user.menus, home.level, home.objectId) : null;
  } catch {
    return null;
  }
}

/** /login: user name and password, then the login flow; success goes to ?from or /index (spec 000 §2, §4). */
export default function LoginPage() {
  const { systemName, logoUrl } = useSystemSetting();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  // A refused single sign-on comes back as /login?ssoError=<the server's reason>.
  const [failure, setFailure] = useState<string | null>(() => searchParams.get('ssoError'));
  const [forced, setForced] = useState<Forced | null>(null);

  const enter = async (accepted: LoginUser, failedLoginCount: number) => {
    // roles, basic info, department heads and the global lists; a failing step says which
    const complete = await signIn(accepted);
    navigate(safeFrom(searchParams.get('from')) ?? (await ownCentre(complete)) ?? '/index', { replace: true });
    // told once, here: the count is not kept with the stored user
    const notice = failedLoginNotice(failedLoginCount);
    if (notice) notifier().warning(notice, FAILED_LOGIN_NOTICE_SECONDS);
  };

  const changeInitial = async ({ newPassword }: NewPasswordForm) => {
    if (!forced) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await updatePassword({ oldPassword: forced.oldPassword, newPassword }, { silent: true });
      await enter({ ...forced.accepted, mustChangePassword: false }, forced.failedLoginCount);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  const onFinish = async ({ userName, password, remember }: LoginForm) => {
    setSubmitting(true);
    setFailure(null);
    try {
      // silent: the failure is shown here, as 登录失败 with the server's message
      const { failedLoginCount, ...accepted } = await login({ userName: userName.trim(), password, remember: !!remember }, { silent: true });
      if (accepted.mustChangePassword) {
        // the server refuses everything else until the initial password is changed; no one's stored login goes along
        clearLoginUser();
        setForced({ accepted, oldPassword: password, failedLoginCount });
        setSubmitting(false);
        return;
      }
      await enter(accepted, failedLoginCount);
    } catch (error) {
      clearLoginUser();
      setFailure(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <section className={styles.card} aria-label="登录">
          <div className={styles.brand}>
            <BrandLogo src={logoUrl} size={56} />
            <h1 className={styles.title} data-testid="login-title">
              {titleSegments(systemName).map((word, i) => (
                <Fragment key={i}>
                  {/* the name's own space stays in the text; a cut after the school name adds none */}
                  {i > 0 && /\s/.test(systemName.trim()) && ' '}
                  <span className={styles.titleWord}>{word}</span>
                </Fragment>
              ))}
            </h1>
            <p className={styles.subtitle}>欢迎登录</p>
          </div>
          <ConfigProvider theme={formTheme}>
            {forced ? (
              <Form<NewPasswordForm> name="initial-password" layout="vertical" requiredMark={false} onFinish={changeInitial} onValuesChange={() => setFailure(null)}>
                <Alert type="info" showIcon title="首次登录请修改初始密码" description="您的账号使用的是管理员发放的初始密码，请设置自己的新密码后继续。" style={{ marginBottom: 16 }} />
                <Form.Item label="新密码" name="newPassword" rules={[ruleOf(checkNewPassword)]}>
                  <Input.Password size="large" prefix={<LockOutlined />} placeholder="字母和数字，至少8位" autoComplete="new-password" maxLength={60} />
                </Form.Item>
                <Form.Item
                  label="确认新密码"
                  name="confirmPassword"
                  dependencies={['newPassword']}
                  rules={[({ getFieldValue }) => ruleOf((value) => checkConfirmPassword(value, getFieldValue('newPassword')))]}
                >
                  <Input.Password size="large" prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" maxLength={60} />
                </Form.Item>
                {failure !== null && <Alert className={styles.error} type="error" showIcon title={PASSWORD_MESSAGES.failed} description={failure} />}
                <Button type="primary" htmlType="submit" size="large" block loading={submitting} className={styles.submit}>
                  修改密码并登录
                </Button>
              </Form>
            ) : (
              <Form<LoginForm>
                name="login"
                layout="vertical"
                requiredMark={false}
                initialValues={{ remember: false }}
                onFinish={onFinish}
                onValuesChange={() => setFailure(null)}
              >
                <Form.Item label="用户名" name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名！' }]}>
                  <Input size="large" prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={60} />
                </Form.Item>
                <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码！' }]}>
                  <Input.Password size="large" prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={60} />
                </Form.Item>
                <Form.Item name="remember" valuePropName="checked" className={styles.remember}>
                  <Checkbox>记住我</Checkbox>
                </Form.Item>
                {failure !== null && <Alert className={styles.error} type="error" showIcon title="登录失败" description={failure} />}
                <Button type="primary" htmlType="submit" size="large" block loading={submitting} className={styles.submit}>
                  登录
                </Button>
              </Form>
            )}
          </ConfigProvider>
        </section>
      </main>
      <footer className={styles.footer}>版本 {PRODUCT_VERSION}</footer>
    </div>
  );
}
