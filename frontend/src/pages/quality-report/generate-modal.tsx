import { Button, Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import {
  coverPreviewUrl,
  generateReport,
  getScopeOptions,
  listCovers,
  listTemplates,
  REPORT_MESSAGES,
  type ReportLevel,
  type ReportScope,
} from '../../api/reports';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../utils/constants';
import { BuildProgress } from './build-progress';
import { defaultReportName } from './report-texts';
import styles from './quality-report.module.css';

interface GenerateValues {
  reportName: string;
  cycle: string;
  scopes: string[];
  templateId?: string;
  coverId?: string;
  principal?: string;
}

/** A scope's select value: level and code (a code is unique within its level only). */
const scopeKey = (scope: Pick<ReportScope, 'cjlx' | 'cjdmid'>) => `${scope.cjlx}:${scope.cjdmid}`;


export interface GenerateModalProps {
  open: boolean;
  onClose(): void;
  /** the build finished: open the report */
  onOpen(reportId: string): void;
  /** a centre's 质量报告: only scopes of its level are offered (null: every level) */
  level?: ReportLevel | null;
}

/**
 * 生成报告: name, cycle, scopes (report/scopeOptions), template and cover (the defaults preselected, the cover shown
 * small), principal; OK starts the build and the modal turns into its progress until the report opens.
 */
export function GenerateModal({ open, onClose, onOpen, level = null }: GenerateModalProps) {
  const [form] = Form.useForm<GenerateValues>();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  // the name follows the scopes and cycle until the person types one
  const [nameTouched, setNameTouched] = useState(false);
  const cycle = Form.useWatch('cycle', form);
  const chosen = Form.useWatch('scopes', form);
  const coverId = Form.useWatch('coverId', form);

  const options = useRequest(open ? () => getScopeOptions(cycle ?? null) : null, `scopes-${cycle ?? ''}`, {
    onSuccess: (data) => {
      if (!form.getFieldValue('cycle') && data.cycles.length > 0) form.setFieldValue('cycle', data.cycles[0]);
    },
  });
  const templates = useRequest(open ? () => listTemplates() : null, 'templates', {
    keepPrevious: false,
    onSuccess: (data) => {
      if (!form.getFieldValue('templateId')) form.setFieldValue('templateId', (data.find((t) => t.isDefault) ?? data[0])?.id);
    },
  });
  const covers = useRequest(open ? () => listCovers() : null, 'covers', {
    keepPrevious: false,
    onSuccess: (data) => {
      if (!form.getFieldValue('coverId')) form.setFieldValue('coverId', (data.find((c) => c.isDefault) ?? data[0])?.id);
    },
  });

  const coverSrc = useMemo(() => (coverId ? coverPreviewUrl(coverId) : undefined), [coverId]);
  const scopes = useMemo(() => (options.data?.scopes ?? []).filter((s) => !level || s.cjlx === level), [options.data, level]);
  const selected = useMemo(() => scopes.filter((s) => (chosen ?? []).includes(scopeKey(s))), [scopes, chosen]);

  const fillName = (nextScopes: readonly ReportScope[], nextCycle: string | undefined) => {
    if (!nameTouched) form.setFieldValue('reportName', defaultReportName(nextScopes, nextCycle));
  };

  const close = () => {
    form.resetFields();
    setTaskId(null);
    setFailed(false);
    setNameTouched(false);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const start = await generateReport({
        reportName: values.reportName.trim(),
        cycle: values.cycle,
        scopes: values.scopes.map((key) => {
          const [cjlx, ...code] = key.split(':');
          return { cjlx: cjlx as ReportLevel, cjdmid: code.join(':') };
        }),
        templateId: values.templateId,
        coverId: values.coverId,
        principal: values.principal?.trim() || undefined,
      });
      setTaskId(start.taskId);
    } catch {
      // the request layer has said why; the form stays
    } finally {
      setSaving(false);
    }
  };

  if (taskId) {
    return (
      <Modal
        open={open}
        title="生成报告"
        width={MODAL_WIDTH}
        onCancel={close}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Button onClick={close} disabled={!failed}>
            关闭
          </Button>
        }
      >
        <BuildProgress
          taskId={taskId}
          onDone={(reportId) => {
            close();
            onOpen(reportId);
          }}
          onFailed={() => setFailed(true)}
        />
      </Modal>
    );
  }

  return (
    <Modal open={open} title="生成报告" width={MODAL_WIDTH + 100} onCancel={close} onOk={() => once(submit)} confirmLoading={saving} maskClosable={false} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="cycle" label="周期" rules={[{ required: true, message: '请选择周期' }]}>
          <Select
            aria-label="周期"
            placeholder="请选择周期"
            options={(options.data?.cycles ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(next: string) => {
              form.setFieldValue('scopes', []);
              fillName([], next);
            }}
          />
        </Form.Item>
        <Form.Item name="scopes" label="报告范围" rules={[{ required: true, message: REPORT_MESSAGES.noScope }]}>
          <Select
            aria-label="报告范围"
            mode="multiple"
            placeholder="请选择报告范围"
            loading={options.loading}
            optionFilterProp="label"
            options={scopes.map((s) => ({ value: scopeKey(s), label: `${s.cjmc}：${s.cjname}` }))}
            onChange={(keys: string[]) => fillName(scopes.filter((s) => keys.includes(scopeKey(s))), form.getFieldValue('cycle'))}
          />
        </Form.Item>
        <Form.Item name="reportName" label="报告名称" rules={[{ required: true, whitespace: true, message: '请输入报告名称' }, { max: 100, message: '报告名称不能超过100个字' }]}>
          <Input aria-label="报告名称" placeholder="请输入报告名称" onChange={() => setNameTouched(true)} />
        </Form.Item>
        <Form.Item name="templateId" label="报告模板">
          <Select aria-label="报告模板" loading={templates.loading} options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.isDefault ? `${t.name}（默认）` : t.name }))} />
        </Form.Item>
        <Form.Item name="coverId" label="报告封面">
          <Select aria-label="报告封面" loading={covers.loading} options={(covers.data ?? []).map((c) => ({ value: c.id, label: c.isDefault ? `${c.name}（默认）` : c.name }))} />
        </Form.Item>
        {coverId && <img className={styles.coverThumb} src={coverSrc} alt="封面预览" data-testid="generate-cover-preview" />}
        <Form.Item name="principal" label="负责人" rules={[{ max: 20, message: '负责人不能超过20个字' }]}>
          <Input aria-label="负责人" placeholder="默认为当前用户" />
        </Form.Item>
        {selected.length > 0 && <div className={styles.hint}>已选：{selected.map((s) => `${s.cjmc}：${s.cjname}`).join('，')}</div>}
      </Form>
    </Modal>
  );
}
