import { Alert, Button, Form, Input, List, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import {
  getShareOptions,
  listShares,
  rejectReport,
  reviewReport,
  REVIEW_RESULT_NAMES,
  REVIEW_RESULTS,
  shareReport,
  unshareReport,
  type ReportShare,
  type ReviewResult,
} from '../../api/reports';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../utils/constants';

interface ModalProps {
  reportId: string;
  open: boolean;
  onClose(): void;
  /** the write went through */
  onDone(): void;
}

/**
 * 专家评审 / 学校审核: the result (优秀 / 良好 / 合格) and the opinion (required, ≤ 500). The school's review is the last
 * step: it publishes the report, and says so before the click (issue 35).
 */
export function ReviewModal({ reportId, open, title, publishes = false, onClose, onDone }: ModalProps & { title: string; publishes?: boolean }) {
  const [form] = Form.useForm<{ fhjg: ReviewResult; opinion: string }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await reviewReport({ id: reportId, fhjg: values.fhjg, opinion: values.opinion.trim() }, { successMessage: `${title}完成` });
      onDone();
    } catch {
      // said by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTH}
      onCancel={onClose}
      onOk={() => once(submit)}
      okText={publishes ? '审核并发布' : '确定'}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      {publishes && <Alert type="info" showIcon title="审核后报告即发布，可下载Word；不同意发布请关闭后点击“驳回”。" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ fhjg: 'A' }}>
        <Form.Item name="fhjg" label="评审结果" rules={[{ required: true, message: '请选择评审结果' }]}>
          <Radio.Group options={REVIEW_RESULTS.map((r) => ({ value: r, label: REVIEW_RESULT_NAMES[r] }))} />
        </Form.Item>
        <Form.Item name="opinion" label="评审意见" rules={[{ required: true, whitespace: true, message: '请输入评审意见' }, { max: 500, message: '评审意见不能超过500个字' }]}>
          <Input.TextArea aria-label="评审意见" rows={4} maxLength={500} showCount placeholder="请输入评审意见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 驳回: the reason (required, ≤ 500). */
export function RejectModal({ reportId, open, onClose, onDone }: ModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await rejectReport({ id: reportId, reason: values.reason.trim() }, { successMessage: '已驳回' });
      onDone();
    } catch {
      // said by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title="驳回" width={MODAL_WIDTH} onCancel={onClose} onOk={() => once(submit)} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请输入驳回原因' }, { max: 500, message: '驳回原因不能超过500个字' }]}>
          <Input.TextArea aria-label="驳回原因" rows={4} maxLength={500} showCount placeholder="请输入驳回原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 共享: people (searched by name) and departments to add; the current shares with 取消共享. */
export function ShareModal({ reportId, open, onClose }: Omit<ModalProps, 'onDone'>) {
  const [search, setSearch] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const shares = useRequest(open ? () => listShares(reportId) : null, `shares-${reportId}`, { keepPrevious: false });
  const options = useRequest(open ? () => getShareOptions(search) : null, `share-options-${search}`);
  // the people picked under an earlier search keep their names when the next search no longer finds them
  const [picked, setPicked] = useState<Array<{ value: string; label: string }>>([]);
  const found = (options.data?.users ?? []).map((u) => ({ value: u.userId, label: u.departmentName ? `${u.userName}（${u.departmentName}）` : u.userName }));
  const userOptions = [...picked.filter((p) => !found.some((f) => f.value === p.value)), ...found];
  const close = () => {
    setUserIds([]);
    setPicked([]);
    setDepartmentIds([]);
    setSearch('');
    onClose();
  };
  const submit = async () => {
    if (userIds.length === 0 && departmentIds.length === 0) {
      close();
      return;
    }
    setSaving(true);
    try {
      const next = await shareReport({ id: reportId, userIds, departmentIds }, { successMessage: '共享成功' });
      shares.setData(() => next);
      setUserIds([]);
      setPicked([]);
      setDepartmentIds([]);
    } catch {
      // said by the request layer
    } finally {
      setSaving(false);
    }
  };
  const unshare = async (share: ReportShare) => {
    try {
      await unshareReport(reportId, share, { successMessage: '已取消共享' });
      shares.setData((list) => (list ?? []).filter((s) => !(s.targetType === share.targetType && s.targetId === share.targetId)));
    } catch {
      // said by the request layer
    }
  };
  return (
    <Modal open={open} title="共享" width={MODAL_WIDTH + 100} onCancel={close} onOk={() => void submit()} okText="共享" confirmLoading={saving} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          aria-label="共享人员"
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder="搜索人员姓名"
          style={{ width: '100%' }}
          value={userIds}
          onChange={(ids: string[]) => {
            setUserIds(ids);
            setPicked(userOptions.filter((o) => ids.includes(o.value)));
          }}
          loading={options.loading}
          options={userOptions}
        />
        <Select
          aria-label="共享部门"
          mode="multiple"
          optionFilterProp="label"
          placeholder="选择部门"
          style={{ width: '100%' }}
          value={departmentIds}
          onChange={setDepartmentIds}
          options={(options.data?.departments ?? []).map((d) => ({ value: d.departmentId, label: d.departmentName }))}
        />
        <List
          size="small"
          header="已共享"
          loading={shares.loading}
          dataSource={shares.data ?? []}
          locale={{ emptyText: '尚未共享' }}
          renderItem={(share) => (
            <List.Item
              actions={[
                <Button key="unshare" type="link" size="small" onClick={() => void unshare(share)}>
                  取消共享
                </Button>,
              ]}
            >
              {share.targetType === 'department' ? '部门' : '人员'}：{share.targetName}
              <span style={{ color: '#999', marginLeft: 8 }}>
                {share.sharedBy} {share.time}
              </span>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
