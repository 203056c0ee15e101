import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Modal, Progress, Select, Space, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getFileTypes, type FileType, type UploadedFile } from '../../api/files';
import { ApiError } from '../../api/request';
import { useRequest } from '../../hooks/use-request';
import { useSingleFlight } from '../../hooks/use-single-flight';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../utils/constants';
import { ChunkedUpload, UploadCancelled, UploadFailure, type UploadProgress } from './chunked-uploader';
import { FileTypeIcon } from './file-icon';
import { ALLOWED_EXTENSIONS, FILE_MESSAGES, configuredMaxMb, REMARK_MAX, checkChosenFile, formatFileSize } from './file-rules';
import { sha256Hex, uploadTransport } from './transport';
import styles from './upload.module.css';

/** The file type picked by default (001 §7 item 5). */
export const DEFAULT_FILE_TYPE_NAME = '内部支撑文件';

export interface UploadFormValues {
  lxId?: string;
  bz?: string;
  yxqx?: Dayjs | null;
  /** the caller's extra fields (e.g. the attachment stage) */
  [extra: string]: unknown;
}

export interface UploadResult {
  /** the merged file records (one: the modal keeps one file at a time) */
  files: UploadedFile[];
  values: UploadFormValues;
}

export interface UploadModalProps {
  open: boolean;
  title?: ReactNode;
  /** the extensions this caller accepts; then a wrong one says 只能上传{formats}的文件 (default: all of 000 §9) */
  formats?: readonly string[];
  /** the maximum in MB (default: the server's FILE_MAX_MB from the client configuration) */
  maxSizeMb?: number;
  /** more form items (Form.Item with a name), shown above the file type; their values come with the result */
  extraFields?: ReactNode;
  extraInitialValues?: Record<string, unknown>;
  /**
   * Called with the merged file once the upload is done; the modal closes when it resolves. When it rejects
   * the modal stays open and 确定 calls it again with the same file, without uploading anew.
   */
  onUploaded(result: UploadResult): void | Promise<void>;
  /** closing: after a successful upload, or 取消 (which stops an upload under way) */
  onClose(): void;
}

interface Chosen {
  file: File;
  /** why it cannot be uploaded (an empty file): marked error in the list */
  error?: string;
}

type Phase = 'idle' | UploadProgress['phase'];

interface Status {
  phase: Phase;
  percent: number;
  /** the reason of a failure, shown under the bar */
  message?: string;
  hint?: string;
  /** a chunk failed: 继续上传 sends what is missing */
  resumable?: boolean;
}

const IDLE: Status = { phase: 'idle', percent: 0 };
const NO_TYPES: FileType[] = [];

function statusText(status: Status, file: Chosen): ReactNode {
  if (file.error) return file.error;
  switch (status.phase) {
    case 'waiting':
      return '准备上传…';
    case 'uploading':
      return `正在上传 ${status.percent}%`;
    case 'merging':
      return '正在合并文件…';
    case 'done':
      return '上传完成';
    case 'failed':
      return status.message;
    default:
      return null;
  }
}

/** The server's hint that comes with 文件类型错误 (data.hint: 只能上传gif,jpg,…的文件). */
function hintOf(error: unknown): string | undefined {
  const data = error instanceof ApiError ? error.data : undefined;
  const hint = data && typeof data === 'object' ? (data as { hint?: unknown }).hint : undefined;
  return typeof hint === 'string' ? hint : undefined;
}

/**
 * The upload modal of spec 001 §2/§4 and 000 §5: one file at a time (choosing another replaces it), checked
 * before anything is sent, then uploaded in chunks with a progress bar, merged and polled.
 */
export function UploadModal({
  open,
  title = '上传文件',
  formats,
  maxSizeMb = configuredMaxMb(),
  extraFields,
  extraInitialValues,
  onUploaded,
  onClose,
}: UploadModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadFormValues>();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [status, setStatus] = useState<Status>(IDLE);
  const [busy, setBusy] = useState(false);
  const upload = useRef<ChunkedUpload | null>(null);
  // the merged file, kept so that a failing onUploaded can be tried again without another upload
  const merged = useRef<{ file: UploadedFile; values: UploadFormValues } | null>(null);
  const extensions = formats?.length ? formats : ALLOWED_EXTENSIONS;
  // `busy` comes only after validation: a second 确定 meanwhile would start a second upload
  const once = useSingleFlight();

  // asked again at each opening; the type people mostly want is picked for them
  const fileTypes =
    useRequest(open ? () => getFileTypes() : null, 'file-types', {
      onSuccess: (page) => {
        const preferred = page.records.find((t) => t.mc === DEFAULT_FILE_TYPE_NAME);
        if (preferred && !form.getFieldValue('lxId')) form.setFieldValue('lxId', preferred.id);
      },
    }).data?.records ?? NO_TYPES;

  // leaving the page (or the modal going away) stops an upload under way
  useEffect(() => () => upload.current?.cancel(), []);

  const reset = () => {
    upload.current?.cancel();
    upload.current = null;
    merged.current = null;
    setChosen(null);
    setStatus(IDLE);
    setBusy(false);
    form.resetFields();
  };

  const pick = (file: File) => {
    if (busy) return;
    const check = checkChosenFile(file, { formats, maxSizeMb });
    if (!check.ok && !check.keep) {
      void message.warning(check.message);
      return;
    }
    // another file replaces the one before, and whatever was done with it
    upload.current?.cancel();
    upload.current = null;
    merged.current = null;
    setChosen({ file, error: check.ok ? undefined : check.message });
    setStatus(IDLE);
  };

  const remove = () => {
    if (busy) return;
    upload.current?.cancel();
    upload.current = null;
    merged.current = null;
    setChosen(null);
    setStatus(IDLE);
  };

  const finish = async (file: UploadedFile, values: UploadFormValues) => {
    try {
      await onUploaded({ files: [file], values });
    } catch {
      // the caller has said why (the request layer shows the server's message); 确定 tries again
      return;
    }
    onClose();
  };

  const run = async (go: (u: ChunkedUpload) => Promise<UploadedFile>, u: ChunkedUpload, values: UploadFormValues, name: string) => {
    setBusy(true);
    try {
      const file = await go(u);
      merged.current = { file, values };
      setStatus({ phase: 'done', percent: 100 });
      await finish(file, values);
    } catch (error) {
      if (error instanceof UploadCancelled || upload.current !== u) return;
      const failure = error instanceof UploadFailure ? error : null;
      const cause = failure?.cause ?? error;
      if (!failure || failure.phase === 'chunks') {
        // chunks go silently: one message for the file
        const text = FILE_MESSAGES.uploadFailed(name);
        void message.error(text);
        setStatus((s) => ({ ...s, phase: 'failed', message: text, resumable: !!failure }));
      } else {
        // the merge and its status: the request layer has shown the server's reason
        const reason = cause instanceof ApiError ? cause.message : '';
        if (!(cause instanceof ApiError)) void message.error(FILE_MESSAGES.uploadFailed(name));
        setStatus((s) => ({ ...s, phase: 'failed', message: reason || FILE_MESSAGES.uploadFailed(name), hint: hintOf(cause), resumable: false }));
      }
    } finally {
      if (upload.current === u) setBusy(false);
    }
  };

  const confirm = async () => {
    if (busy) return;
    if (merged.current) {
      setBusy(true);
      await finish(merged.current.file, merged.current.values);
      setBusy(false);
      return;
    }
    if (!chosen) {
      void message.warning(FILE_MESSAGES.noFile);
      return;
    }
    if (chosen.error) {
      void message.warning(chosen.error);
      return;
    }
    let values: UploadFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { file } = chosen;
    const type = fileTypes.find((t) => t.id === values.lxId);
    const u = new ChunkedUpload({
      file,
      fileName: file.name,
      merge: {
        fName: file.name,
        lxId: values.lxId || undefined,
        lxmc: type?.mc,
        bz: values.bz?.trim() || undefined,
        yxqx: values.yxqx ? values.yxqx.format('YYYY-MM-DD') : undefined,
      },
      transport: uploadTransport,
      digest: sha256Hex,
      onProgress: (p) => {
        if (upload.current === u) setStatus((s) => ({ ...s, phase: p.phase, percent: p.percent, message: undefined, hint: undefined, resumable: false }));
      },
    });
    upload.current = u;
    await run((x) => x.start(), u, values, file.name);
  };

  const resume = async () => {
    const u = upload.current;
    if (!u || busy || !chosen) return;
    const values = form.getFieldsValue(true) as UploadFormValues;
    await run((x) => x.resume(), u, values, chosen.file.name);
  };

  const cancel = () => {
    upload.current?.cancel();
    onClose();
  };

  const failed = status.phase === 'failed' || !!chosen?.error;
  const progressStatus = failed ? 'exception' : status.phase === 'done' ? 'success' : status.phase === 'idle' ? 'normal' : 'active';

  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_WIDTH + 52}
      onCancel={cancel}
      afterClose={reset}
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={cancel}>取消</Button>
          {status.phase === 'failed' && status.resumable && !busy && (
            <Button onClick={() => void resume()} icon={<UploadOutlined />}>
              继续上传
            </Button>
          )}
          <Button type="primary" loading={busy} onClick={() => once(confirm)}>
            确定
          </Button>
        </Space>
      }
    >
      <Form<UploadFormValues>
        form={form}
        name="upload-form"
        layout="horizontal"
        labelCol={{ flex: '92px' }}
        // a zero basis: the long format hint must wrap inside the field, not push the field below its label
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        initialValues={extraInitialValues}
        disabled={busy}
        className={styles.form}
      >
        <Form.Item label="选择文件" required>
          <Upload
            accept={extensions.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            multiple={false}
            maxCount={1}
            beforeUpload={(file) => {
              pick(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
          <div className={styles.hint}>
            <div>支持格式：{extensions.join('、')}</div>
            <div>单个文件不超过{maxSizeMb}MB</div>
          </div>
          {chosen && (
            <div className={styles.chosen} data-testid="upload-file">
              <div className={styles.chosenHead}>
                <FileTypeIcon name={chosen.file.name} />
                <Typography.Text ellipsis={{ tooltip: chosen.file.name }} className={styles.chosenName} type={failed ? 'danger' : undefined}>
                  {chosen.file.name}
                </Typography.Text>
                <span className={styles.chosenSize}>{formatFileSize(chosen.file.size)}</span>
                {!busy && (
                  <Button type="text" size="small" aria-label="移除文件" icon={<CloseOutlined />} onClick={remove} />
                )}
              </div>
              {(status.phase !== 'idle' || chosen.error) && (
                <Progress percent={chosen.error ? 0 : status.percent} status={progressStatus} size="small" aria-label={`上传进度 ${chosen.file.name}`} />
              )}
              {statusText(status, chosen) && (
                <div className={failed ? styles.statusError : styles.status} role={failed ? 'alert' : undefined}>
                  {statusText(status, chosen)}
                  {failed && status.hint && <div className={styles.hint}>{status.hint}</div>}
                </div>
              )}
            </div>
          )}
        </Form.Item>
        {extraFields}
        <Form.Item label="文件类型" name="lxId">
          <Select
            aria-label="文件类型"
            placeholder="请选择文件类型"
            allowClear
            options={fileTypes.map((t) => ({ value: t.id, label: t.mc }))}
            notFoundContent={EMPTY_TEXT}
          />
        </Form.Item>
        <Form.Item label="备注" name="bz">
          <Input.TextArea placeholder="请输入备注" maxLength={REMARK_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label="有效期" name="yxqx">
          <DatePicker placeholder="请选择有效期" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
