import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Form, Input, Modal, Radio, Space, Spin, Typography, Upload } from 'antd';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@zhengai/contracts';
import { useState } from 'react';
import type { LoginUser, Profile } from '../../api/types';
import { changePortrait, getUserProfile, updatePersonalInfo } from '../../api/user';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH, SEX } from '../../utils/constants';
import { blobToDataUrl, compressImage } from '../../utils/image-compress';
import {
  AVATAR_EXTENSIONS,
  AVATAR_TARGET_KB,
  PROFILE_MESSAGES,
  checkEmail,
  checkPhone,
  checkQQ,
  isAvatarFileName,
  ruleOf,
} from '../account-rules';
import { avatarSrc, defaultAvatar } from '../hooks';
import styles from '../basic-layout.module.css';

interface ProfileForm {
  email?: string;
  phone?: string;
  qq?: string;
  sex: string;
}

/** What happens to the avatar on save: nothing, a new picture, or back to the default. */
type AvatarChoice = { kind: 'unchanged' } | { kind: 'new'; dataUrl: string } | { kind: 'default' };

const trim = (value: string | undefined) => (value ?? '').trim();

// the server takes up to about this much; the search aims at 200 KB within ±5 %
const AVATAR_LIMIT_BYTES = AVATAR_MAX_BYTES;

/** The picture as a data URL; over 200 KB it is compressed, halving its sides if quality alone is not enough. */
async function prepareAvatar(file: File): Promise<string> {
  if (file.size <= AVATAR_TARGET_KB * 1024) return blobToDataUrl(file);
  for (const scale of [1, 0.5, 0.25]) {
    const compressed = await compressImage(file, { size: AVATAR_TARGET_KB, scale });
    if (compressed.size <= AVATAR_LIMIT_BYTES) return blobToDataUrl(compressed);
  }
  throw new Error(AVATAR_TOO_LARGE);
}

interface PersonalCenterProps {
  open: boolean;
  user: LoginUser;
  onClose(): void;
  /** the saved details, for the header */
  onSaved(patch: Partial<LoginUser>): void;
}

/** The personal center (spec 000 §2, §5): contact details, avatar and sex. */
export function PersonalCenterModal({ open, user, onClose, onSaved }: PersonalCenterProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileForm>();
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'unchanged' });
  const [preparing, setPreparing] = useState(false);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const sex = Form.useWatch('sex', form);

  // fresh from the server at each opening: the stored login may be older than the last change
  const { data: profile } = useRequest(open ? () => getUserProfile(user.userId) : null, user.userId, {
    keepPrevious: false,
    onSuccess: (loaded) =>
      form.setFieldsValue({
        email: loaded.email ?? '',
        phone: loaded.phone ?? '',
        qq: loaded.qq ?? '',
        sex: String(loaded.sex ?? SEX.male) === SEX.female ? SEX.female : SEX.male,
      }),
    onError: () => onClose(),
  });

  const preview =
    avatar.kind === 'new'
      ? avatar.dataUrl
      : avatar.kind === 'default'
        ? defaultAvatar(sex)
        : avatarSrc({ displayPhoto: profile ? (profile.isUseDefaultAvatar ? null : profile.headPortrait) : user.displayPhoto, sex });

  const pick = async (file: File) => {
    if (!isAvatarFileName(file.name)) {
      void message.error(`头像只支持 ${AVATAR_EXTENSIONS.join('、')} 格式`);
      return;
    }
    setPreparing(true);
    try {
      setAvatar({ kind: 'new', dataUrl: await prepareAvatar(file) });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    const update = { email: trim(values.email), phone: trim(values.phone), qq: trim(values.qq), sex: trim(values.sex) };
    setSaving(true);
    try {
      let saved: Profile;
      try {
        saved = await updatePersonalInfo(update, { silent: true });
      } catch {
        void message.error(PROFILE_MESSAGES.updateFailed);
        return;
      }
      void message.success(PROFILE_MESSAGES.updated);
      const patch: Partial<LoginUser> = { email: saved.email, phone: saved.phone, qq: saved.qq, sex: saved.sex ?? update.sex };
      // the avatar goes only when a new one was chosen or the default restored
      if (avatar.kind !== 'unchanged') {
        try {
          const change = avatar.kind === 'new' ? { displayPhoto: avatar.dataUrl } : ({ isUseDefaultAvatar: true } as const);
          const { displayPhoto } = await changePortrait(change, { silent: true });
          patch.displayPhoto = displayPhoto;
          void message.success(PROFILE_MESSAGES.avatarUpdated);
        } catch {
          onSaved(patch);
          void message.error(PROFILE_MESSAGES.avatarFailed);
          return;
        }
      }
      onSaved(patch);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="个人中心"
      open={open}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !profile || preparing }}
      confirmLoading={saving}
      onOk={() => once(() => submit().catch(() => undefined))}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAvatar({ kind: 'unchanged' });
      }}
      mask={{ closable: false }}
      forceRender
    >
      <Spin spinning={!profile}>
        <div className={styles.avatarEditor}>
          <Spin spinning={preparing} size="small">
            <Avatar size={88} src={preview} alt="头像预览" />
          </Spin>
          <Space orientation="vertical" size={6}>
            <Space size={8}>
              <Upload
                accept={AVATAR_EXTENSIONS.map((e) => `.${e}`).join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  void pick(file);
                  // nothing is uploaded here: the picture goes with 保存
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>上传头像</Button>
              </Upload>
              <Button icon={<UndoOutlined />} onClick={() => setAvatar({ kind: 'default' })}>
                恢复默认头像
              </Button>
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              支持 {AVATAR_EXTENSIONS.join('、')}，超过 {AVATAR_TARGET_KB}KB 的图片会自动压缩
            </Typography.Text>
          </Space>
        </div>
        <Form<ProfileForm> form={form} name="personal-center" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={{ sex: SEX.male }}>
          <Form.Item label="姓名">
            <Input value={profile?.userName || user.userName || ''} disabled aria-label="姓名" data-testid="profile-name" />
          </Form.Item>
          <Form.Item label="账号">
            <Input value={user.account ?? ''} disabled aria-label="账号" data-testid="profile-account" />
          </Form.Item>
          <Form.Item label="所属部门">
            <Input value={profile?.departmentName ?? ''} disabled aria-label="所属部门" />
          </Form.Item>
          <Form.Item label="邮箱" name="email" rules={[ruleOf(checkEmail)]}>
            <Input placeholder="请输入邮箱" maxLength={60} autoComplete="email" />
          </Form.Item>
          <Form.Item label="联系电话" name="phone" rules={[ruleOf(checkPhone)]}>
            <Input placeholder="请输入联系电话" maxLength={20} autoComplete="tel" />
          </Form.Item>
          <Form.Item label="QQ" name="qq" rules={[ruleOf(checkQQ)]}>
            <Input placeholder="请输入QQ号" maxLength={20} />
          </Form.Item>
          <Form.Item label="性别" name="sex">
            <Radio.Group
              options={[
                { value: SEX.male, label: '男' },
                { value: SEX.female, label: '女' },
              ]}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
