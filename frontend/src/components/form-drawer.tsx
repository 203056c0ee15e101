import { App, Button, Drawer, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { CONFIRM_MODAL } from '../utils/constants';

/** Drawer width of spec 000 §9. */
export const FORM_DRAWER_WIDTH = '55%';

export interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  /** the form has changes since it opened or was last saved: closing asks first */
  dirty: boolean;
  saving?: boolean;
  /** the form's data is still loading: a spinner over the body, 保存 disabled */
  loading?: boolean;
  /** validate and save; the drawer stays open when it fails (the caller closes it on success) */
  onSave(): void;
  /** really close, changes or not */
  onClose(): void;
  /** false hides 保存 (a part of the drawer that saves as it goes) */
  showSave?: boolean;
  afterOpenChange?(open: boolean): void;
  children: ReactNode;
}

/**
 * The right-side form drawer of spec 000 §4 and §9: 55% wide, 取消 and 保存 at the bottom, and closing
 * with unsaved changes asks 退出提示 / 是否保存当前的修改？ with 保存 and 不保存.
 */
export function FormDrawer({ open, title, dirty, saving, loading, onSave, onClose, showSave = true, afterOpenChange, children }: FormDrawerProps) {
  const { modal } = App.useApp();

  const requestClose = () => {
    if (saving) return;
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      ...CONFIRM_MODAL,
      // only the two answers: Esc or a click beside the dialog must not throw the changes away
      keyboard: false,
      mask: { closable: false },
      onOk: () => onSave(),
      onCancel: () => onClose(),
    });
  };

  return (
    <Drawer
      title={title}
      open={open}
      placement="right"
      size={FORM_DRAWER_WIDTH}
      onClose={requestClose}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={requestClose} disabled={saving}>
            {showSave ? '取消' : '关闭'}
          </Button>
          {showSave && (
            <Button type="primary" loading={saving} disabled={loading} onClick={() => onSave()}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={!!loading}>{children}</Spin>
    </Drawer>
  );
}
