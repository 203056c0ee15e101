import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import {
  DELIVERY_STATUS_NAMES,
  MESSAGE_KIND_NAMES,
  MESSAGE_KINDS,
  PUSH_CHANNEL_NAMES,
  PUSH_CHANNELS,
  type DeliveryStatus,
  type DepartmentRobot,
  type MessageKind,
  type PushChannel,
  type PushDelivery,
  type PushTestResult,
  type PushWebhook,
} from '@zhengai/contracts';
import { useState } from 'react';
import { deleteRobot, deleteWebhook, getPushDeliveries, getPushSettings, saveRobot, saveSmtp, saveWebhook, testRobot, testSmtp, testWebhook } from '../../../api/message-push';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import styles from './message-push.module.css';

/** http(s) only, as the server checks (contracts HTTP_URL_PATTERN). */
const URL_RULE = { pattern: /^https?:\/\/\S+$/i, message: '地址必须以 http:// 或 https:// 开头' };

/** Shows a 发送测试 answer: sent, or the channel's own error. */
function useTestResult() {
  const { message, modal } = App.useApp();
  return (result: PushTestResult) => {
    if (result.ok) void message.success('测试消息已发送');
    else modal.error({ title: '发送失败', content: result.error ?? '未知错误' });
  };
}

interface SmtpForm {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password?: string;
  from: string;
}

function SmtpPanel({ settings, reload }: { settings: { enabled: boolean; host: string; port: number; secure: boolean; user: string; passwordSet: boolean; from: string }; reload(): Promise<void> }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SmtpForm>();
  const [to, setTo] = useState('');
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const once = useSingleFlight();
  const show = useTestResult();
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveSmtp({ ...values, user: values.user ?? '', password: values.password || undefined });
      form.setFieldValue('password', '');
      void message.success('保存成功');
      await reload();
    } finally {
      setSaving(false);
    }
  };
  const test = async () => {
    setTesting(true);
    try {
      show(await testSmtp(to.trim()));
    } finally {
      setTesting(false);
    }
  };
  return (
    <div className={styles.panel}>
      <Form<SmtpForm> form={form} layout="vertical" name="smtp" initialValues={{ ...settings, password: '' }} data-testid="smtp-form">
        <Form.Item label="启用邮件推送" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className={styles.row}>
          <Form.Item label="SMTP服务器" name="host" rules={[{ required: true, whitespace: true, message: '请输入SMTP服务器' }]} className={styles.grow}>
            <Input placeholder="如 smtp.exmail.qq.com" maxLength={255} />
          </Form.Item>
          <Form.Item label="端口" name="port" rules={[{ required: true, message: '请输入端口' }]}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="SSL/TLS" name="secure" valuePropName="checked" tooltip="465 端口一般开启；587/25 端口关闭（服务器支持时自动使用 STARTTLS）">
            <Switch />
          </Form.Item>
        </div>
        <div className={styles.row}>
          <Form.Item label="用户名" name="user" className={styles.grow}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item label="密码" name="password" className={styles.grow} extra={settings.passwordSet ? '已保存密码；留空则不修改' : '尚未保存密码'}>
            <Input.Password maxLength={255} autoComplete="new-password" placeholder={settings.passwordSet ? '••••••（不修改）' : '请输入密码或授权码'} />
          </Form.Item>
        </div>
        <Form.Item label="发件人" name="from" rules={[{ required: true, whitespace: true, message: '请输入发件人' }]}>
          <Input placeholder="如 诊改平台 <zg@school.edu.cn>" maxLength={255} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => once(() => submit().catch(() => undefined))}>
          保存
        </Button>
      </Form>
      <div className={styles.testRow}>
        <Input value={to} onChange={(e) => setTo(e.target.value)} placeholder="收件邮箱" aria-label="测试收件邮箱" maxLength={100} data-testid="smtp-test-to" />
        <Button loading={testing} disabled={!/^\S+@\S+\.\S+$/.test(to.trim())} onClick={() => once(() => test().catch(() => undefined))}>
          发送测试邮件
        </Button>
      </div>
    </div>
  );
}

interface RobotForm {
  dingtalkUrl: string;
  dingtalkSecret: string;
  clearDingtalkSecret: boolean;
  wecomUrl: string;
}

function RobotsPanel({ robots, reload }: { robots: DepartmentRobot[]; reload(): Promise<void> }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<DepartmentRobot | null>(null);
  const [form] = Form.useForm<RobotForm>();
  const [saving, setSaving] = useState(false);
  const [filter, setFilter] = useState('');
  const show = useTestResult();
  const once = useSingleFlight();
  const open = (row: DepartmentRobot) => {
    setEditing(row);
    form.setFieldsValue({ dingtalkUrl: row.dingtalkUrl ?? '', dingtalkSecret: '', clearDingtalkSecret: false, wecomUrl: row.wecomUrl ?? '' });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveRobot({
        departmentId: editing!.departmentId,
        dingtalkUrl: v.dingtalkUrl.trim() || null,
        dingtalkSecret: v.dingtalkSecret.trim() || undefined,
        clearDingtalkSecret: v.clearDingtalkSecret,
        wecomUrl: v.wecomUrl.trim() || null,
      });
      void message.success('保存成功');
      setEditing(null);
      await reload();
    } finally {
      setSaving(false);
    }
  };
  const rows = robots.filter((r) => !filter.trim() || r.departmentName.includes(filter.trim()));
  return (
    <div className={styles.panel}>
      <Input.Search placeholder="按部门名称筛选" allowClear onChange={(e) => setFilter(e.target.value)} className={styles.search} aria-label="按部门名称筛选" />
      <Table<DepartmentRobot>
        rowKey="departmentId"
        size="middle"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ ...PAGINATION_DEFAULTS, pageSize: 10 }}
        columns={[
          { title: '部门', dataIndex: 'departmentName', width: 180 },
          {
            title: '钉钉群机器人',
            render: (_, r) => (r.dingtalkUrl ? <Space size={4}><Tag color="blue">已设置</Tag>{r.dingtalkSecretSet && <Tag>加签</Tag>}</Space> : <Tag>未设置</Tag>),
          },
          { title: '企业微信群机器人', render: (_, r) => (r.wecomUrl ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>) },
          {
            title: '操作',
            render: (_, r) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => open(r)}>设置</Button>
                <Button type="link" size="small" disabled={!r.dingtalkUrl} onClick={() => once(() => testRobot(r.departmentId, 'dingtalk').then(show, () => undefined))}>测试钉钉</Button>
                <Button type="link" size="small" disabled={!r.wecomUrl} onClick={() => once(() => testRobot(r.departmentId, 'wecom').then(show, () => undefined))}>测试企业微信</Button>
                {(r.dingtalkUrl || r.wecomUrl) && (
                  <Popconfirm title="确定删除该部门的机器人设置？" onConfirm={() => deleteRobot(r.departmentId).then(() => reload())}>
                    <Button type="link" size="small" danger>删除</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal title={`群机器人：${editing?.departmentName ?? ''}`} open={!!editing} onCancel={() => setEditing(null)} onOk={() => once(() => submit().catch(() => undefined))} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
        <Form<RobotForm> form={form} layout="vertical" name="robot">
          <Form.Item label="钉钉机器人 Webhook 地址" name="dingtalkUrl" rules={[URL_RULE]}>
            <Input placeholder="https://oapi.dingtalk.com/robot/send?access_token=…" maxLength={1000} />
          </Form.Item>
          <Form.Item label="钉钉加签密钥" name="dingtalkSecret" extra={editing?.dingtalkSecretSet ? '已保存密钥；留空则不修改' : '机器人安全设置选择“加签”时填写（SEC 开头）'}>
            <Input.Password maxLength={255} autoComplete="new-password" />
          </Form.Item>
          {editing?.dingtalkSecretSet && (
            <Form.Item name="clearDingtalkSecret" valuePropName="checked">
              <Checkbox>清除已保存的加签密钥</Checkbox>
            </Form.Item>
          )}
          <Form.Item label="企业微信机器人 Webhook 地址" name="wecomUrl" rules={[URL_RULE]}>
            <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…" maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

interface WebhookForm {
  name: string;
  url: string;
  secret: string;
  kinds: MessageKind[];
  enabled: boolean;
}

function WebhooksPanel({ webhooks, reload }: { webhooks: PushWebhook[]; reload(): Promise<void> }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<PushWebhook | 'new' | null>(null);
  const [form] = Form.useForm<WebhookForm>();
  const [saving, setSaving] = useState(false);
  const show = useTestResult();
  const once = useSingleFlight();
  const open = (row: PushWebhook | 'new') => {
    setEditing(row);
    form.setFieldsValue(row === 'new' ? { name: '', url: '', secret: '', kinds: ['warning'], enabled: true } : { name: row.name, url: row.url, secret: '', kinds: row.kinds, enabled: row.enabled });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveWebhook({ id: editing === 'new' ? undefined : editing!.id, name: v.name, url: v.url.trim(), secret: v.secret.trim() || undefined, kinds: v.kinds, enabled: v.enabled });
      void message.success('保存成功');
      setEditing(null);
      await reload();
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={styles.panel}>
      <Typography.Paragraph type="secondary">
        每批消息以 JSON 推送到 Webhook（POST），请求头 X-Zhengai-Timestamp 为时间戳（秒），X-Zhengai-Signature 为 sha256=HMAC-SHA256(密钥, 时间戳 + "." + 请求体) 的十六进制值。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>新增Webhook</Button>
      <Table<PushWebhook>
        rowKey="id"
        size="middle"
        dataSource={webhooks}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name', width: 140 },
          { title: '地址', dataIndex: 'url', ellipsis: true, width: 260 },
          { title: '消息类型', render: (_, w) => w.kinds.map((k) => MESSAGE_KIND_NAMES[k]).join('、') },
          { title: '状态', render: (_, w) => (w.enabled ? <Tag color="blue">启用</Tag> : <Tag>停用</Tag>) },
          {
            title: '操作',
            render: (_, w) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => open(w)}>编辑</Button>
                <Button type="link" size="small" onClick={() => once(() => testWebhook(w.id).then(show, () => undefined))}>发送测试</Button>
                <Popconfirm title="确定删除该Webhook？" onConfirm={() => deleteWebhook(w.id).then(() => reload())}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal title={editing === 'new' ? '新增Webhook' : '编辑Webhook'} open={!!editing} onCancel={() => setEditing(null)} onOk={() => once(() => submit().catch(() => undefined))} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
        <Form<WebhookForm> form={form} layout="vertical" name="webhook">
          <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="地址" name="url" rules={[{ required: true, message: '请输入Webhook地址' }, URL_RULE]}>
            <Input placeholder="https://…" maxLength={1000} />
          </Form.Item>
          <Form.Item label="签名密钥" name="secret" extra={editing !== 'new' && editing?.secretSet ? '已保存密钥；留空则不修改' : '用于 X-Zhengai-Signature 签名'}>
            <Input.Password maxLength={255} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="消息类型" name="kinds" rules={[{ required: true, message: '请选择消息类型' }]}>
            <Checkbox.Group options={MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_NAMES[k] }))} />
          </Form.Item>
          <Form.Item label="启用" name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

function DeliveriesPanel() {
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [channel, setChannel] = useState<PushChannel | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const { data, loading } = useRequest(() => getPushDeliveries({ status, channel, pageNum, pageSize: 10 }), `push-deliveries-${status ?? ''}-${channel ?? ''}-${String(pageNum)}`);
  return (
    <div className={styles.panel}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder="状态" style={{ width: 140 }} value={status} onChange={(v: DeliveryStatus | undefined) => { setStatus(v); setPageNum(1); }} options={(Object.keys(DELIVERY_STATUS_NAMES) as DeliveryStatus[]).map((s) => ({ value: s, label: DELIVERY_STATUS_NAMES[s] }))} aria-label="按状态筛选" />
        <Select allowClear placeholder="渠道" style={{ width: 160 }} value={channel} onChange={(v: PushChannel | undefined) => { setChannel(v); setPageNum(1); }} options={PUSH_CHANNELS.map((c) => ({ value: c, label: PUSH_CHANNEL_NAMES[c] }))} aria-label="按渠道筛选" />
      </Space>
      <Table<PushDelivery>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...PAGINATION_DEFAULTS, current: pageNum, pageSize: 10, total: data?.total ?? 0, onChange: setPageNum }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '渠道', render: (_, d) => PUSH_CHANNEL_NAMES[d.channel] },
          { title: '发送对象', dataIndex: 'targetName' },
          { title: '标题', dataIndex: 'title', ellipsis: true, width: 240 },
          { title: '消息数', dataIndex: 'messageCount' },
          { title: '状态', render: (_, d) => <Tag color={d.status === 'sent' ? 'green' : d.status === 'failed' ? 'red' : 'default'}>{DELIVERY_STATUS_NAMES[d.status]}</Tag> },
          { title: '尝试次数', dataIndex: 'attempts' },
          { title: '错误', dataIndex: 'lastError', ellipsis: true, width: 240, render: (e: string | null) => e ?? '' },
        ]}
      />
    </div>
  );
}

/**
 * 消息推送设置 (数据管理, administrator): the SMTP server mails go through, each department's DingTalk / WeCom group
 * robot, generic webhooks, and the delivery log. Each with 发送测试.
 */
export default function MessagePushPage() {
  const { data, reload } = useRequest(() => getPushSettings(), 'push-settings');
  const refresh = async () => {
    await reload();
  };
  return (
    <Card title="消息推送设置" data-testid="message-push-page">
      {data && (
        <Tabs
          items={[
            { key: 'smtp', label: '邮件', children: <SmtpPanel key={JSON.stringify(data.smtp)} settings={data.smtp} reload={refresh} /> },
            { key: 'robots', label: '部门群机器人', children: <RobotsPanel robots={data.robots} reload={refresh} /> },
            { key: 'webhooks', label: 'Webhook', children: <WebhooksPanel webhooks={data.webhooks} reload={refresh} /> },
            { key: 'log', label: '发送记录', children: <DeliveriesPanel /> },
          ]}
        />
      )}
    </Card>
  );
}
