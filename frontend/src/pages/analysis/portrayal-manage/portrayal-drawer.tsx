// The add/edit drawer of a portrait card, menu or screen (55%, 退出提示 on unsaved changes); a saved card shows a
// preview of its figures underneath.
import {
  CARD_CHARTS,
  CARD_CHART_LABELS,
  CARD_SOURCES,
  CARD_SOURCE_LABELS,
  PORTRAYAL_CM_PATTERN,
  PORTRAYAL_KIND_LABELS,
  PORTRAYAL_LEVELS,
  PORTRAYAL_LEVEL_LABELS,
  PORTRAYAL_LIMITS,
  SCHOOL_ANALYSIS_MESSAGES,
  type Portrayal,
  type PortrayalKind,
  type Role,
  type SchoolOptions,
} from '@zhengai/contracts';
import { Divider, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { savePortrayal } from '../../../api/school-analysis';
import { CardTile } from '../../../components/card-chart';
import { FormDrawer } from '../../../components/form-drawer';
import { useDrawerSubmit } from '../../../hooks/use-drawer-submit';
import { formValues, menuOptions, needsIndicator, toInput, type PortrayalFormValues } from './portrayal-form';

export interface PortrayalDrawerProps {
  kind: PortrayalKind;
  record: Portrayal | null;
  roles: Role[];
  cards: Portrayal[];
  menus: Portrayal[];
  options: SchoolOptions | null;
  /** a preview counter: bumped after each save so the preview reads the new figures */
  previewKey: number;
  onClose(): void;
  onSaved(saved: Portrayal): void;
}

export function PortrayalDrawer({ kind, record, roles, cards, menus, options, previewKey, onClose, onSaved }: PortrayalDrawerProps) {
  const [form] = Form.useForm<PortrayalFormValues>();
  const source = Form.useWatch('source', form);
  const submit = useDrawerSubmit(form, async (values) => {
    const saved = await savePortrayal(toInput(kind, values, record?.id), { successMessage: '保存成功' });
    onSaved(saved);
  });
  const label = PORTRAYAL_KIND_LABELS[kind];
  return (
    <FormDrawer open title={`${record ? '编辑' : '新增'}${label}`} dirty={submit.dirty} saving={submit.saving} onSave={submit.save} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={formValues(kind, record)} onValuesChange={submit.touch}>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }, { max: PORTRAYAL_LIMITS.name, message: `名称不能超过${PORTRAYAL_LIMITS.name}个字` }]}>
          <Input aria-label="名称" placeholder="请输入名称" />
        </Form.Item>
        <Form.Item name="nametwo" label="子级显示名称" rules={[{ max: PORTRAYAL_LIMITS.name, message: `名称不能超过${PORTRAYAL_LIMITS.name}个字` }]}>
          <Input aria-label="子级显示名称" placeholder="作为下级显示时的名称（可不填）" />
        </Form.Item>
        <Form.Item
          name="cm"
          label="权限标识"
          rules={[
            { required: true, whitespace: true, message: '请输入权限标识' },
            { pattern: PORTRAYAL_CM_PATTERN, message: SCHOOL_ANALYSIS_MESSAGES.cmInvalid },
            { max: PORTRAYAL_LIMITS.cm, message: `权限标识不能超过${PORTRAYAL_LIMITS.cm}个字符` },
          ]}
        >
          <Input aria-label="权限标识" placeholder="字母开头，如 school_points" />
        </Form.Item>
        <Form.Item name="level" label="层级" rules={[{ required: true, message: '请选择层级' }]}>
          <Select aria-label="层级" options={PORTRAYAL_LEVELS.map((l) => ({ value: l, label: PORTRAYAL_LEVEL_LABELS[l] }))} />
        </Form.Item>
        {kind === 'card' && (
          <>
            <Form.Item name="chart" label="图表" rules={[{ required: true, message: '请选择图表' }]}>
              <Select aria-label="图表" options={CARD_CHARTS.map((c) => ({ value: c, label: CARD_CHART_LABELS[c] }))} />
            </Form.Item>
            <Form.Item name="source" label="数据来源" rules={[{ required: true, message: '请选择数据来源' }]}>
              <Select aria-label="数据来源" options={CARD_SOURCES.map((s) => ({ value: s, label: CARD_SOURCE_LABELS[s] }))} />
            </Form.Item>
            {needsIndicator(source) && (
              <Form.Item name="indicator" label="指标" rules={[{ required: true, message: '请选择指标' }]}>
                <Select
                  aria-label="指标"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!options}
                  options={(options?.indicators ?? []).map((i) => ({ value: i.code, label: `${i.categoryLabel} · ${i.name}` }))}
                />
              </Form.Item>
            )}
          </>
        )}
        {kind === 'menu' && (
          <Form.Item name="parentId" label="上级菜单">
            <TreeSelect aria-label="上级菜单" allowClear treeDefaultExpandAll placeholder="无（顶级菜单）" treeData={menuOptions(menus, record?.id)} />
          </Form.Item>
        )}
        {kind !== 'card' && (
          <Form.Item name="cardIds" label="卡片" extra="按选择的顺序显示">
            <Select aria-label="卡片" mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={cards.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label="可查看的角色" extra="不选则只有画像管理员可查看">
          <Select aria-label="可查看的角色" mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber aria-label="排序" min={0} max={PORTRAYAL_LIMITS.sort} precision={0} />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[{ max: PORTRAYAL_LIMITS.description, message: `说明不能超过${PORTRAYAL_LIMITS.description}个字` }]}>
          <Input.TextArea aria-label="说明" rows={2} maxLength={PORTRAYAL_LIMITS.description} showCount />
        </Form.Item>
      </Form>
      {kind === 'card' && record && (
        <>
          <Divider>预览</Divider>
          <CardTile key={previewKey} cardId={record.id} title={record.name} />
        </>
      )}
    </FormDrawer>
  );
}
