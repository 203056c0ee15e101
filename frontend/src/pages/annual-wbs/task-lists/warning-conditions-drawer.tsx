import { Alert, Descriptions, Form, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { getTaskWarningCondition, updateTaskWarningCondition, type WarningCadence } from '../../../api/target-tasks';
import { getYearTargets } from '../../../api/year-targets';
import { FormDrawer } from '../../../components/form-drawer';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { EMPTY_TEXT } from '../../../utils/constants';
import { CADENCE_OPTIONS, GRACE_DAYS, SCHOOL_WIDE, conditionSentence, conditionSource, updateTimeText } from './warning-condition-values';

interface ConditionValues {
  cadence: WarningCadence;
  graceDays: number;
}

const ALL = 1_000_000;

interface WarningConditionsDrawerProps {
  open: boolean;
  /** the year target chosen in the list's filter, to start with; null: the school-wide conditions */
  yearTargetId: string | null;
  onClose(): void;
  afterClose(): void;
}

/**
 * 预警设置: the task warning conditions (the average-level module's) — the school-wide ones, or a year target's own
 * (shown as inherited while it has none). Saving writes the chosen scope's conditions and keeps the drawer open; a
 * year target's own conditions cannot be removed again (the server has no such call), only changed.
 * Mounted afresh for each opening.
 */
export function WarningConditionsDrawer({ open, yearTargetId, onClose, afterClose }: WarningConditionsDrawerProps) {
  const [form] = Form.useForm<ConditionValues>();
  const [scope, setScope] = useState<string>(yearTargetId ?? SCHOOL_WIDE);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const [refusal, setRefusal] = useState<string | null>(null);

  const targets = useRequest(() => getYearTargets({ pageNum: 1, pageSize: ALL }).then((p) => p.records), 'year-target-options');
  const condition = useRequest(() => getTaskWarningCondition(scope === SCHOOL_WIDE ? null : scope), `task-warning-condition-${scope}`, {
    keepPrevious: false,
    onSuccess: (c) => form.setFieldsValue({ cadence: c.cadence, graceDays: c.graceDays }),
  });
  const cadence = Form.useWatch('cadence', form);
  const graceDays = Form.useWatch('graceDays', form);
  const shown = condition.data;
  const source = shown ? conditionSource(shown) : null;

  const scopeOptions = [
    { value: SCHOOL_WIDE, label: '全校（所有年度目标的默认设置）' },
    ...(targets.data ?? []).map((t) => ({ value: t.id, label: `${t.cycleYear}年 · ${t.name}` })),
  ];

  const save = async () => {
    let values: ConditionValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setRefusal(null);
    setSaving(true);
    try {
      const saved = await updateTaskWarningCondition(
        { yearTargetId: scope === SCHOOL_WIDE ? null : scope, cadence: values.cadence, graceDays: values.graceDays },
        { successMessage: '保存成功' },
      );
      condition.setData(() => saved);
      setDirty(false);
    } catch (error) {
      // the server's refusal stays in the drawer as well as in the toast
      if (error instanceof ApiError) setRefusal(error.message);
    } finally {
      setSaving(false);
    }
  };

  const changeScope = (next: string) => {
    // another scope shows its own conditions: what was typed for this one is dropped
    setScope(next);
    setDirty(false);
    setRefusal(null);
  };

  return (
    <FormDrawer
      open={open}
      title="预警设置"
      dirty={dirty}
      saving={saving}
      loading={condition.loading || (!shown && !condition.failed)}
      onSave={() => once(save)}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="warning-explanation"
        title="什么是任务预警"
        description={
          <>
            <div>过程预警：执行中的任务自开始时间所在的周期起，每个上报周期须上报一次进度（过程进度或最终成果）；周期结束并过了宽限天数仍未上报，即产生过程预警，补报后解除。</div>
            <div>逾期预警：任务已过结束时间仍未完成，即产生逾期预警，完成或延期后解除。</div>
            <div>年度目标可单独设置；未单独设置的年度目标沿用全校设置。</div>
          </>
        }
      />
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="warning-condition-error" />}
      <Form<ConditionValues> form={form} name="warning-condition-form" layout="vertical" style={{ maxWidth: 720 }} onValuesChange={() => setDirty(true)}>
        <Form.Item label="适用范围">
          <Select
            aria-label="适用范围"
            showSearch={{ optionFilterProp: 'label' }}
            value={scope}
            options={scopeOptions}
            onChange={changeScope}
            notFoundContent={EMPTY_TEXT}
            disabled={saving}
          />
        </Form.Item>
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }} data-testid="warning-condition-info">
          <Descriptions.Item label="当前设置">{source && <Tag color={source.color}>{source.label}</Tag>}</Descriptions.Item>
          <Descriptions.Item label="最近更新">{shown ? updateTimeText(shown.updateTime) : EMPTY_TEXT}</Descriptions.Item>
        </Descriptions>
        {shown?.inherited && (
          <Typography.Paragraph type="secondary" data-testid="warning-condition-inherited">
            该年度目标尚未单独设置，下面是全校设置；保存后成为该年度目标的单独设置，之后不随全校设置变化（单独设置不能撤销，只能修改）。
          </Typography.Paragraph>
        )}
        <Form.Item label="上报周期" name="cadence" rules={[{ required: true, message: '请选择上报周期' }]}>
          <Radio.Group aria-label="上报周期" options={CADENCE_OPTIONS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Form.Item
          label="宽限天数"
          name="graceDays"
          rules={[{ required: true, message: '请输入宽限天数' }]}
          extra={`周期结束后再等待的天数，${GRACE_DAYS.min}–${GRACE_DAYS.max}天`}
        >
          <InputNumber aria-label="宽限天数" min={GRACE_DAYS.min} max={GRACE_DAYS.max} precision={0} suffix="天" style={{ width: 200 }} />
        </Form.Item>
        {cadence && typeof graceDays === 'number' && (
          <Typography.Paragraph data-testid="warning-condition-sentence">{conditionSentence(cadence, graceDays)}</Typography.Paragraph>
        )}
      </Form>
    </FormDrawer>
  );
}
