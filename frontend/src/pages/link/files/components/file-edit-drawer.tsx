import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { updateFile, type DocFile, type FileChange, type FileType } from '../../../../api/files';
import { FormDrawer } from '../../../../components/form-drawer';
import { FILE_NAME_MAX, REMARK_MAX, fileNameProblem, splitFileName } from '../../../../components/upload/file-rules';
import { useDrawerSubmit } from '../../../../hooks/use-drawer-submit';
import { EMPTY_TEXT } from '../../../../utils/constants';

interface EditValues {
  /** the name without its extension */
  base: string;
  lxId?: string | null;
  bz?: string;
  yxqx?: Dayjs | null;
}

const DATE = 'YYYY-MM-DD';

/** A validity the server holds as text: a date when it reads as one. */
function validityDate(value: string | null): Dayjs | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const d = dayjs(value.slice(0, 10));
  return d.isValid() ? d : null;
}

function nameRule(value: string | undefined, ext: string): Promise<void> {
  const problem = fileNameProblem(value ?? '', ext);
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
}

interface FileEditDrawerProps {
  open: boolean;
  file: DocFile;
  fileTypes: FileType[];
  onClose(): void;
  afterClose(): void;
  onSaved(): void;
}

/** 编辑: the name (the extension stays), the type, the remark and the validity, in the form drawer. */
export function FileEditDrawer({ open, file, fileTypes, onClose, afterClose, onSaved }: FileEditDrawerProps) {
  const [form] = Form.useForm<EditValues>();
  const { base, ext } = splitFileName(file.fileName);
  const initial: EditValues = { base, lxId: file.lxId, bz: file.bz ?? '', yxqx: validityDate(file.yxqx) };

  const submit = useDrawerSubmit(form, async (values) => {
    // only what changed: a validity kept as free text is not overwritten by an untouched picker
    const change: FileChange = { fileId: file.fileId };
    const name = values.base.trim();
    if (name !== base) change.fileName = ext ? `${name}.${ext}` : name;
    if ((values.lxId ?? null) !== (file.lxId ?? null)) change.lxId = values.lxId ?? '';
    if ((values.bz ?? '').trim() !== (file.bz ?? '')) change.bz = (values.bz ?? '').trim();
    const yxqx = values.yxqx ? values.yxqx.format(DATE) : '';
    if (form.isFieldTouched('yxqx') && yxqx !== (file.yxqx ?? '')) change.yxqx = yxqx;
    await updateFile(change, { successMessage: '保存成功' });
    onSaved();
    onClose();
  });

  return (
    <FormDrawer
      open={open}
      title={`编辑文件：${file.fileName}`}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Form<EditValues> form={form} name="file-edit" layout="vertical" initialValues={initial} onValuesChange={submit.touch} style={{ maxWidth: 640 }}>
        <Form.Item
          label="文件名"
          name="base"
          extra="扩展名不可修改"
          rules={[{ validator: (_rule, value: string | undefined) => nameRule(value, ext) }]}
        >
          <Input placeholder="请输入文件名" suffix={ext ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>.{ext}</span> : undefined} maxLength={FILE_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item label="文件类型" name="lxId">
          <Select aria-label="文件类型" placeholder="请选择文件类型" allowClear options={fileTypes.map((t) => ({ value: t.id, label: t.mc }))} notFoundContent={EMPTY_TEXT} />
        </Form.Item>
        <Form.Item label="备注" name="bz">
          <Input.TextArea placeholder="请输入备注" maxLength={REMARK_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="有效期" name="yxqx" extra={file.yxqx && !validityDate(file.yxqx) ? `当前：${file.yxqx}` : undefined}>
          <DatePicker placeholder="请选择有效期" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
