import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { DOUBLE_HIGH_KIND_LABELS, type ImportProblem, type School } from '@zhengai/contracts';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/request';
import { importSchools, schoolImportTemplate, schoolList, schoolOptions, setOwnSchool } from '../../../api/school-analysis';
import { ImportProblemsModal } from '../../../components/import-problems-modal';
import { ProvinceSelect } from '../../../components/school-select/province-select';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { saveBlob } from '../../../utils/download';
import { isSchoolSheet, schoolImportProblems } from './school-data';

type DoubleHighFilter = 'school' | 'major' | 'any';

/** 学校数据 (admin): the national school list, the own school, the template and the import. */
export default function SchoolData() {
  const { message, modal } = App.useApp();
  const options = useRequest(() => schoolOptions(), 'options');
  const [keyword, setKeyword] = useState('');
  const [province, setProvince] = useState<string | undefined>();
  const [doubleHigh, setDoubleHigh] = useState<DoubleHighFilter | undefined>();
  const query = { keyword: keyword || undefined, schoolProvince: province, doubleHigh, useSettings: 'false' as const };
  const list = useRequest(() => schoolList(query), JSON.stringify(query));
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const rows = list.data ?? [];
  const generated = options.data?.generated || rows.some((r) => r.generated);

  const makeOwn = (school: School) =>
    modal.confirm({
      title: '设为本校',
      content: `确定将“${school.schoolName}”设为本校吗？原本校将被替换。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await setOwnSchool(school.schoolCode, { successMessage: '设置成功' });
        void list.reload();
        void options.reload();
      },
    });

  const download = async () => {
    setDownloading(true);
    try {
      const file = await schoolImportTemplate();
      saveBlob(file.blob, file.fileName ?? '学校数据导入模板.xlsx');
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setImporting(true);
    try {
      const result = await importSchools(file, { silent: true });
      const refused = schoolImportProblems(result);
      if (refused.length) setProblems(refused);
      else message.success(`导入成功！共${result.schools}所学校、${result.values}个指标值`);
      void list.reload();
      void options.reload();
    } catch (error) {
      const refused = schoolImportProblems(error instanceof ApiError ? error.data : undefined);
      if (refused.length) setProblems(refused);
      else message.error(error instanceof Error ? error.message : '导入失败');
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<School> = [
    { title: '学校代码', dataIndex: 'schoolCode', width: 120 },
    {
      title: '学校名称',
      dataIndex: 'schoolName',
      render: (n: string, r) => (
        <span data-testid="school-name">
          {n}
          {r.own && <Tag color="blue" style={{ marginLeft: 6 }}>本校</Tag>}
          {r.generated && <Tag style={{ marginLeft: 6 }}>演示</Tag>}
        </span>
      ),
    },
    { title: '省份', dataIndex: 'schoolProvince', width: 90 },
    { title: '办学性质', dataIndex: 'schoolNature', width: 90 },
    { title: '办学层次', dataIndex: 'schoolLevel', width: 150 },
    {
      title: '双高',
      key: 'doubleHigh',
      width: 170,
      render: (_: unknown, r) => (r.doubleHigh ? `${DOUBLE_HIGH_KIND_LABELS[r.doubleHigh]}${r.doubleHighGrade ? ` ${r.doubleHighGrade}档` : ''}${r.doubleHighYear ? `（${r.doubleHighYear}）` : ''}` : '-'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, r) =>
        r.own ? (
          <span style={{ color: '#888' }}>当前本校</span>
        ) : (
          <Button type="link" size="small" onClick={() => makeOwn(r)}>
            设为本校
          </Button>
        ),
    },
  ];

  return (
    <Card title="学校数据">
      {generated && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="当前为生成的演示数据，不代表任何真实院校" data-testid="generated-banner" />}
      {options.data && !options.data.ownSchool && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="尚未设置本校：请在列表中选择一所学校“设为本校”" />}
      <div className={layout.bar}>
        <Space wrap>
          <Input.Search allowClear placeholder="学校名称或代码" aria-label="搜索学校" style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} />
          <ProvinceSelect options={options.data?.schoolProvince ?? []} value={province} onChange={setProvince} />
          <Select
            allowClear
            placeholder="双高"
            aria-label="双高"
            style={{ width: 150 }}
            value={doubleHigh}
            onChange={setDoubleHigh}
            options={[
              { value: 'any', label: '全部双高院校' },
              { value: 'school', label: DOUBLE_HIGH_KIND_LABELS.school },
              { value: 'major', label: DOUBLE_HIGH_KIND_LABELS.major },
            ]}
          />
        </Space>
        <Space>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            下载模板
          </Button>
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              if (isSchoolSheet(file.name)) void upload(file);
              else message.error('只能导入 .xlsx 或 .csv 文件');
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={importing}>
              导入
            </Button>
          </Upload>
        </Space>
      </div>
      <Table<School>
        size="small"
        rowKey="schoolCode"
        loading={list.loading}
        dataSource={rows}
        columns={columns}
        pagination={{ ...PAGINATION_DEFAULTS, defaultPageSize: 20 }}
      />
      <ImportProblemsModal problems={problems} onClose={() => setProblems(null)} />
    </Card>
  );
}
