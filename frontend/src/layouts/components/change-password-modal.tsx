import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { updatePassword } from '../../api/user';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../utils/constants';
import { PASSWORD_MESSAGES, checkConfirmPassword, checkNewPassword, checkOldPassword, ruleOf } from '../account-rules';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Old password, new password and its confirmation (spec 000 §2, §5); the person stays logged in. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();

  const submit = async () => {
    const { oldPassword, newPassword } = await form.validateFields();
    setSaving(true);
    try {
      // a refusal shows the server's message (修改密码失败! for a wrong old password)
      await updatePassword({ oldPassword, newPassword }, { errorMessage: PASSWORD_MESSAGES.failed });
      void message.success(PASSWORD_MESSAGES.changed);
      onClose();
    } catch {
      // already shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => once(() => submit().catch(() => undefined))}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<PasswordForm> form={form} name="change-password" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} style={{ marginTop: 24 }}>
        <Form.Item label="旧密码" name="oldPassword" required rules={[ruleOf(checkOldPassword)]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" maxLength={60} />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" required rules={[ruleOf(checkNewPassword)]}>
          <Input.Password placeholder="字母和数字，至少8位" autoComplete="new-password" maxLength={60} />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          required
          dependencies={['newPassword']}
          rules={[({ getFieldValue }) => ruleOf((value) => checkConfirmPassword(value, getFieldValue('newPassword')))]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
