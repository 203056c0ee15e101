import { App, Alert, Checkbox, Modal, Spin, Table, Tooltip, Typography } from 'antd';
import { MESSAGE_KIND_NAMES, MESSAGE_KINDS, PERSON_CHANNELS, PUSH_CHANNEL_NAMES, type MessageKind, type PersonChannel, type PushPreferences } from '@zhengai/contracts';
import { useState } from 'react';
import { getPushPreferences, savePushPreferences } from '../../api/message-push';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../utils/constants';

type Choices = Record<string, boolean>;
const keyOf = (kind: MessageKind, channel: PersonChannel) => `${kind}/${channel}`;

/**
 * 消息接收设置: which kinds of message reach the person by which channel. The message centre keeps every message
 * whatever is chosen here; a channel the person cannot be reached by now (no e-mail address, no robot in their
 * department) is shown with the reason the server gives.
 */
export function PushPreferencesModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const [choices, setChoices] = useState<Choices>({});
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const fill = (p: PushPreferences) => setChoices(Object.fromEntries(p.preferences.map((x) => [keyOf(x.kind, x.channel), x.enabled])));
  const { data } = useRequest(open ? () => getPushPreferences() : null, 'push-preferences', { keepPrevious: false, onSuccess: fill, onError: () => onClose() });

  const submit = async () => {
    setSaving(true);
    try {
      const preferences = MESSAGE_KINDS.flatMap((kind) => PERSON_CHANNELS.map((channel) => ({ kind, channel, enabled: choices[keyOf(kind, channel)] ?? true })));
      fill(await savePushPreferences(preferences));
      void message.success('保存成功');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const state = (channel: PersonChannel) => data?.channels.find((c) => c.channel === channel);
  return (
    <Modal
      title="消息接收设置"
      open={open}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !data }}
      confirmLoading={saving}
      onOk={() => once(() => submit().catch(() => undefined))}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      <Spin spinning={!data}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          所有消息都会保存在消息中心。勾选的类型还会通过对应渠道推送给您；同一批次超过 5 条（如监测预警）时合并为一封汇总。
        </Typography.Paragraph>
        {data && !data.channels.every((c) => c.available) && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={data.channels.filter((c) => !c.available).map((c) => `${PUSH_CHANNEL_NAMES[c.channel]}：${c.reason ?? ''}`).join('；')}
          />
        )}
        <Table<{ kind: MessageKind }>
          rowKey="kind"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={MESSAGE_KINDS.map((kind) => ({ kind }))}
          data-testid="push-preferences"
          columns={[
            { title: '消息类型', render: (_, r) => MESSAGE_KIND_NAMES[r.kind] },
            { title: '消息中心', render: () => <Checkbox checked disabled aria-label="消息中心（始终接收）" /> },
            ...PERSON_CHANNELS.map((channel) => ({
              title: (
                <Tooltip title={state(channel)?.reason ?? undefined}>
                  <span style={{ whiteSpace: 'nowrap' }}>{PUSH_CHANNEL_NAMES[channel]}</span>
                </Tooltip>
              ),
              key: channel,
              render: (_: unknown, r: { kind: MessageKind }) => (
                <Checkbox
                  checked={choices[keyOf(r.kind, channel)] ?? true}
                  disabled={!state(channel)?.available}
                  aria-label={`${MESSAGE_KIND_NAMES[r.kind]}：${PUSH_CHANNEL_NAMES[channel]}`}
                  onChange={(e) => setChoices((c) => ({ ...c, [keyOf(r.kind, channel)]: e.target.checked }))}
                />
              ),
            })),
          ]}
        />
      </Spin>
    </Modal>
  );
}
