import type { ImportProblem } from '@zhengai/contracts';
import { Button, Modal, Table } from 'antd';

/** The rows an Excel import refused (its refusal's data), listed so the sheet can be fixed and imported again. */
export function ImportProblemsModal({ problems, onClose }: { problems: ImportProblem[] | null; onClose: () => void }) {
  return (
    <Modal open={!!problems} title="导入失败" width={640} footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose}>
      <p>以下{problems?.length ?? 0}行数据有误，请修改表格后重新导入：</p>
      <Table<ImportProblem>
        rowKey={(r) => `${r.row}-${r.reason}`}
        size="small"
        dataSource={problems ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        columns={[
          { title: '行号', dataIndex: 'row', width: 80 },
          { title: '原因', dataIndex: 'reason' },
        ]}
      />
    </Modal>
  );
}
