import { Alert, Modal, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { shareFile, type DocFile } from '../../../../api/files';
import type { UserRecord } from '../../../../api/types';
import { getCommonUsers } from '../../../../api/user';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../../utils/constants';

/** The search waits this long after the last key (000 §5: 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;
const PEOPLE_PAGE_SIZE = 20;

interface Person {
  value: string;
  label: string;
}

const personOf = (user: UserRecord): Person => ({
  value: user.userId,
  label: user.orgName ? `${user.userName}（${user.account}，${user.orgName}）` : `${user.userName}（${user.account}）`,
});

interface ShareModalProps {
  file: DocFile | null;
  onClose(): void;
}

/**
 * 共享: the people the file is shared with from now on. The server replaces the whole list, and it cannot be
 * read back, so the picker starts empty; saving with nobody unshares.
 */
export function ShareModal({ file, onClose }: ShareModalProps) {
  const [options, setOptions] = useState<Person[]>([]);
  const [searching, setSearching] = useState(false);
  const [chosen, setChosen] = useState<Person[]>([]);
  const [saving, setSaving] = useState(false);
  // closed after each pick, so that the list never covers 保存; typing opens it again
  const [listOpen, setListOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const asked = useRef(0);
  const fileId = file?.fileId;

  const search = (text: string) => {
    setListOpen(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ask = ++asked.current;
      setSearching(true);
      getCommonUsers({ userName: text.trim(), pageNum: 1, pageSize: PEOPLE_PAGE_SIZE }).then(
        (page) => {
          if (ask !== asked.current) return;
          setOptions(page.records.filter((u) => u.userId !== file?.uploaderId).map(personOf));
          setSearching(false);
        },
        () => ask === asked.current && setSearching(false),
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  // the first people at each opening, before anything is typed
  useRequest(fileId ? () => getCommonUsers({ pageNum: 1, pageSize: PEOPLE_PAGE_SIZE }) : null, fileId ?? '', {
    onSuccess: (page) => setOptions(page.records.map(personOf)),
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [fileId],
  );

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
        setOptions([]);
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
        options={options}
        showSearch={{ onSearch: search, filterOption: false }}
        placeholder="输入姓名或账号查找人员"
        notFoundContent={searching ? <Spin size="small" /> : EMPTY_TEXT}
        popupMatchSelectWidth
        style={{ width: '100%' }}
      />
    </Modal>
  );
}
