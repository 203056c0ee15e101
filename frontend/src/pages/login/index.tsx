import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, ConfigProvider, Form, Input } from 'antd';
import { Fragment, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notifier } from '../../api/notifier';
import { login } from '../../api/user';
import { useAuth } from '../../auth/auth-context';
import { safeFrom } from '../../auth/login-redirect';
import { BrandLogo } from '../../components/brand-logo';
import { useSystemSetting } from '../../hooks/use-system-setting';
import { PRODUCT_VERSION } from '../../utils/constants';
import { clearLoginUser } from '../../utils/login-storage';
import styles from './login.module.css';
import { FAILED_LOGIN_NOTICE_SECONDS, failedLoginNotice } from './failed-logins';
import { titleSegments } from './title-segments';

// labels a little closer to their inputs than antd's default
const formTheme = { components: { Form: { verticalLabelPadding: '0 0 6px', itemMarginBottom: 22 } } };

interface LoginForm {
  userName: string;
  password: string;
  remember: boolean;
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

  const onFinish = async ({ userName, password, remember }: LoginForm) => {
    setSubmitting(true);
    setFailure(null);
    try {
      // silent: the failure is shown here, as 登录失败 with the server's message
      const { failedLoginCount, ...accepted } = await login({ userName: userName.trim(), password, remember: !!remember }, { silent: true });
      // roles, basic info, department heads and the global lists; a failing step says which
      await signIn(accepted);
      navigate(safeFrom(searchParams.get('from')) ?? '/index', { replace: true });
      // told once, here: the count is not kept with the stored user
      const notice = failedLoginNotice(failedLoginCount);
      if (notice) notifier().warning(notice, FAILED_LOGIN_NOTICE_SECONDS);
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
          </ConfigProvider>
        </section>
      </main>
      <footer className={styles.footer}>版本 {PRODUCT_VERSION}</footer>
    </div>
  );
}
