import { Alert, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { shareFile, type DocFile } from '../../../../api/files';
import { usePersonSearch, type Person } from '../../../../hooks/use-person-search';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../../utils/constants';

interface ShareModalProps {
  file: DocFile | null;
  onClose(): void;
}

/**
 * 共享: the people the file is shared with from now on. The server replaces the whole list, and it cannot be
 * read back, so the picker starts empty; saving with nobody unshares.
 */
export function ShareModal({ file, onClose }: ShareModalProps) {
  const [chosen, setChosen] = useState<Person[]>([]);
  const [saving, setSaving] = useState(false);
  // closed after each pick, so that the list never covers 保存; typing opens it again
  const [listOpen, setListOpen] = useState(false);
  const fileId = file?.fileId;
  const people = usePersonSearch(fileId ?? null, (u) => u.userId !== file?.uploaderId);
  const search = (text: string) => {
    setListOpen(true);
    people.search(text);
  };

  const save = async () => {
    if (!file) return;
    setSaving(true);
    try {
      await shareFile(
        file.fileId,
        chosen.map((p) => p.value),
        { successMessage: chosen.length ? `已共享给${chosen.length}人` : '已取消共享' },
      );
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!file}
      title={file ? `共享文件：${file.fileName}` : '共享文件'}
      width={MODAL_WIDTH + 92}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={() => {
        setListOpen(false);
        setChosen([]);
        people.reset();
      }}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="保存后，该文件只共享给下面选择的人员；不选任何人即取消共享。" />
      <Select<Person[]>
        aria-label="共享人员"
        mode="multiple"
        labelInValue
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setListOpen(false);
        }}
        open={listOpen}
        onOpenChange={setListOpen}
        options={people.options}
        showSearch={{ onSearch: search, filterOption: false }}
        placeholder="输入姓名或账号查找人员"
        notFoundContent={people.searching ? <Spin size="small" /> : EMPTY_TEXT}
        popupMatchSelectWidth
        style={{ width: '100%' }}
      />
    </Modal>
  );
}
