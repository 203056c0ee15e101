import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, InputNumber, Modal, Radio, Space, Spin, Tag, Upload } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import {
  addCover,
  deleteCover,
  listCovers,
  setDefaultCover,
  updateCover,
  type CoverLayout,
  type ReportCover,
} from '../../api/reports';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../utils/constants';
import { coverImageProblem } from './report-texts';
import styles from './quality-report.module.css';
import { useServerUrl } from './use-server-url';

const DEFAULT_LAYOUT: CoverLayout = { titleTop: 30, titleSize: 36, titleColor: '#1f1f1f', align: 'center' };


interface CoverValues extends CoverLayout {
  name: string;
}

function CoverModal({ cover, onClose, onSaved }: { cover: ReportCover | null; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CoverValues>();
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    const { name, ...layout } = await form.validateFields();
    if (!cover && !file) {
      message.error('请选择封面图片');
      return;
    }
    setSaving(true);
    try {
      if (cover) await updateCover(cover.id, name.trim(), layout, { successMessage: '保存成功' });
      else if (file) await addCover(file, name.trim(), layout, { successMessage: '保存成功' });
      onSaved();
    } catch {
      // said by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={cover ? '编辑封面' : '新增封面'} width={MODAL_WIDTH} onCancel={onClose} onOk={() => once(submit)} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={cover ? { name: cover.name, ...cover.layout } : { name: '', ...DEFAULT_LAYOUT }}>
        {!cover && (
          <Form.Item label="封面图片" required>
            <Upload
              accept=".png,.jpg,.jpeg"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(picked) => {
                const problem = coverImageProblem(picked);
                if (problem) message.error(problem);
                else setFile(picked);
                // sent with the form on 确定, not on its own
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>选择图片</Button>
            </Upload>
            <div className={styles.hint}>PNG或JPG格式，不超过5MB</div>
          </Form.Item>
        )}
        <Form.Item name="name" label="封面名称" rules={[{ required: true, whitespace: true, message: '请输入封面名称' }, { max: 60, message: '封面名称不能超过60个字' }]}>
          <Input aria-label="封面名称" placeholder="请输入封面名称" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="titleTop" label="标题位置（距顶部%）" rules={[{ required: true, message: '请输入标题位置' }]}>
            <InputNumber aria-label="标题位置" min={5} max={90} precision={0} />
          </Form.Item>
          <Form.Item name="titleSize" label="标题字号" rules={[{ required: true, message: '请输入标题字号' }]}>
            <InputNumber aria-label="标题字号" min={16} max={72} precision={0} />
          </Form.Item>
          <Form.Item name="titleColor" label="标题颜色" rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: '请选择标题颜色' }]}>
            <Input aria-label="标题颜色" type="color" style={{ width: 64 }} />
          </Form.Item>
        </Space>
        <Form.Item name="align" label="对齐方式">
          <Radio.Group
            options={[
              { value: 'center', label: '居中' },
              { value: 'left', label: '左对齐' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CoverImage({ url, name }: { url: string; name: string }) {
  return <img className={styles.coverCardImage} src={useServerUrl(url)} alt={name} />;
}

/** 报告封面: the covers as cards with their preview; add (an image checked before it is sent), edit the layout, delete, 设为默认. */
export function CoverList({ canManage }: { canManage: boolean }) {
  const { modal, message } = App.useApp();
  const covers = useRequest(() => listCovers(), 'covers');
  const [editing, setEditing] = useState<{ cover: ReportCover | null } | null>(null);
  const remove = (c: ReportCover) =>
    confirmDelete(modal, {
      title: '删除封面',
      content: `确定删除封面“${c.name}”吗？`,
      remove: () => deleteCover(c.id),
      then: () => {
        message.success('删除成功');
        void covers.reload();
      },
    });
  const makeDefault = async (c: ReportCover) => {
    try {
      await setDefaultCover(c.id, { successMessage: '设置成功' });
      await covers.reload();
    } catch {
      // said by the request layer
    }
  };
  const list = covers.data ?? [];
  return (
    <>
      {canManage && (
        <div className={styles.viewBar}>
          <span />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ cover: null })}>
            新增封面
          </Button>
        </div>
      )}
      <Spin spinning={covers.loading}>
        {list.length === 0 ? (
          <Empty description="暂无封面" />
        ) : (
          <div className={styles.coverGrid} data-testid="cover-list">
            {list.map((c) => (
              <Card
                key={c.id}
                size="small"
                cover={<CoverImage url={c.previewUrl} name={c.name} />}
                actions={
                  canManage
                    ? [
                        <a key="edit" onClick={() => setEditing({ cover: c })}>
                          编辑
                        </a>,
                        ...(c.isDefault
                          ? []
                          : [
                              <a key="default" onClick={() => void makeDefault(c)}>
                                设为默认
                              </a>,
                              <a key="delete" className={styles.danger} onClick={() => remove(c)}>
                                删除
                              </a>,
                            ]),
                      ]
                    : undefined
                }
              >
                <Card.Meta title={<Space>{c.name}{c.isDefault && <Tag color="blue">默认</Tag>}</Space>} description={`${c.creatorName} ${c.createTime}`} />
              </Card>
            ))}
          </div>
        )}
      </Spin>
      {editing && (
        <CoverModal
          key={editing.cover?.id ?? 'new'}
          cover={editing.cover}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void covers.reload();
          }}
        />
      )}
    </>
  );
}
