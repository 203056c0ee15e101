import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Space, Spin, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import {
  deleteReport,
  downloadReportWord,
  getReport,
  REPORT_ACTION_NAMES,
  rebuildReport,
  submitReport,
  type ReportDetail,
  type ReviewVo,
} from '../../api/reports';
import { useRequest } from '../../hooks/use-request';
import { saveBlob } from '../../utils/download';
import { formatPercent } from '../../utils/formatters';
import { BuildProgress } from './build-progress';
import { Discussion } from './discussion';
import { RejectModal, ReviewModal, ShareModal } from './report-modals';
import { ReportSections } from './report-sections';
import { stateColor } from './report-texts';
import { ScopeLinks } from './scope-links';
import styles from './quality-report.module.css';
import { useServerUrl } from './use-server-url';

/** How often a report someone else is building is looked at again. */
const BUILDING_POLL_MS = 2000;

/** An expert's or the school's stamp with its result, opinion, reviewer and time — or 待评审. */
function ReviewStamp({ label, vo, testId }: { label: string; vo: ReviewVo | null; testId: string }) {
  const stamp = useServerUrl(vo?.stampUrl);
  return (
    <div className={styles.review} data-testid={testId}>
      <div className={styles.reviewLabel}>{label}</div>
      {vo ? (
        <>
          <img className={styles.stampImage} src={stamp} alt={`${label}印章`} />
          <div>评审结果：{vo.fhjgmc}</div>
          <div className={styles.text}>评审意见：{vo.opinion}</div>
          <div className={styles.commentMeta}>
            {vo.reviewer} {vo.time}
          </div>
        </>
      ) : (
        <div className={styles.pending}>待评审</div>
      )}
    </div>
  );
}

type OpenModal = 'expertReview' | 'schoolReview' | 'reject' | 'share' | null;

/**
 * The report page (?report=<id>): cover, header with the score stamp and the review stamps, preface, the shown
 * sections with their charts and table links, the tables, closing; the moves detail.actions allows, 下载Word, the
 * discussion and the history. A report being built shows its progress; a failed one its reason and 重新生成.
 */
export function ReportView({ reportId, onBack }: { reportId: string; onBack(): void }) {
  const { message, modal } = App.useApp();
  const report = useRequest(() => getReport(reportId), `report-${reportId}`, { keepPrevious: false });
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [buildTask, setBuildTask] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const detail = report.data && report.data.id === reportId ? report.data : null;
  const building = detail?.state === 'building';
  const { reload } = report;
  const coverSrc = useServerUrl(detail?.coverUrl);

  // a build started elsewhere (another tab, the list): look again until it has finished
  useEffect(() => {
    if (!building || buildTask) return;
    const timer = setInterval(() => void reload(), BUILDING_POLL_MS);
    return () => clearInterval(timer);
  }, [building, buildTask, reload]);

  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
      await report.reload();
    } catch {
      // said by the request layer
    } finally {
      setBusy(false);
    }
  };

  const rebuild = () =>
    run(async () => {
      const start = await rebuildReport(reportId);
      setBuildTask(start.taskId);
    });

  const downloadWord = async (d: ReportDetail) => {
    setDownloading(true);
    try {
      const file = await downloadReportWord(d.id);
      saveBlob(file.blob, file.fileName ?? `${d.reportName}.docx`);
    } catch {
      // said by the request layer
    } finally {
      setDownloading(false);
    }
  };

  // like every other move of the platform, a submission asks first: the report leaves its author's hands
  const confirmSubmit = (d: ReportDetail) =>
    modal.confirm({
      title: REPORT_ACTION_NAMES.submit,
      content: `确定将报告“${d.reportName}”提交专家评审吗？提交后，除非被驳回，不能再重新生成或删除。`,
      okText: '提交',
      cancelText: '取消',
      onOk: () => run(() => submitReport(reportId, { successMessage: '提交成功' })),
    });

  const remove = (d: ReportDetail) =>
    confirmDelete(modal, {
      title: '删除报告',
      content: `确定删除报告“${d.reportName}”吗？`,
      remove: () => deleteReport(d.id),
      then: () => {
        message.success('删除成功');
        onBack();
      },
    });

  const back = (
    <a onClick={onBack} className={styles.back} data-testid="report-back">
      <ArrowLeftOutlined /> 返回报告列表
    </a>
  );

  if (!detail) {
    return (
      <Card>
        {back}
        <Spin spinning={report.loading}>{report.failed ? <Empty description="报告不存在或已删除" /> : <div style={{ minHeight: 240 }} />}</Spin>
      </Card>
    );
  }

  const actions = detail.actions;
  const built = detail.overview !== null && detail.state !== 'building' && detail.state !== 'failed';
  const closeModal = () => setOpenModal(null);
  const afterWrite = () => {
    setOpenModal(null);
    void report.reload();
  };

  return (
    <Card data-testid="report-view">
      <div className={styles.viewBar}>
        {back}
        <Space wrap>
          {actions.includes('submit') && (
            <Button type="primary" loading={busy} onClick={() => confirmSubmit(detail)}>
              {REPORT_ACTION_NAMES.submit}
            </Button>
          )}
          {actions.includes('expertReview') && (
            <Button type="primary" onClick={() => setOpenModal('expertReview')}>
              {REPORT_ACTION_NAMES.expertReview}
            </Button>
          )}
          {actions.includes('schoolReview') && (
            <Button type="primary" onClick={() => setOpenModal('schoolReview')}>
              {REPORT_ACTION_NAMES.schoolReview}
            </Button>
          )}
          {actions.includes('reject') && (
            <Button danger onClick={() => setOpenModal('reject')}>
              {REPORT_ACTION_NAMES.reject}
            </Button>
          )}
          {actions.includes('rebuild') && (
            <Button loading={busy} disabled={!!buildTask} onClick={() => void rebuild()}>
              {REPORT_ACTION_NAMES.rebuild}
            </Button>
          )}
          {actions.includes('share') && <Button onClick={() => setOpenModal('share')}>{REPORT_ACTION_NAMES.share}</Button>}
          {built && (
            <Button loading={downloading} onClick={() => void downloadWord(detail)} data-testid="report-word">
              下载Word
            </Button>
          )}
          {actions.includes('delete') && (
            <Button danger onClick={() => remove(detail)}>
              {REPORT_ACTION_NAMES.delete}
            </Button>
          )}
        </Space>
      </div>

      {buildTask && (
        <Card size="small" title="重新生成" className={styles.block}>
          <BuildProgress
            taskId={buildTask}
            onDone={() => {
              setBuildTask(null);
              void report.reload();
            }}
            onFailed={() => {
              setBuildTask(null);
              void report.reload();
            }}
          />
        </Card>
      )}
      {building && !buildTask && (
        <Alert className={styles.block} type="info" showIcon title="报告生成中" description={<Spin size="small">正在统计数据，请稍候…</Spin>} data-testid="report-building" />
      )}
      {detail.state === 'failed' && <Alert className={styles.block} type="error" showIcon title="报告生成失败" description={detail.failReason || '未知原因'} />}
      {detail.state === 'rejected' && detail.rejectReason && <Alert className={styles.block} type="warning" showIcon title="报告已驳回" description={`驳回原因：${detail.rejectReason}`} />}

      <div className={styles.report}>
        <div className={styles.headerRow}>
          {built && <img className={styles.cover} src={coverSrc} alt="报告封面" data-testid="report-cover" />}
          <div className={styles.header} data-testid="report-header">
            <h2 className={styles.title}>{detail.reportName}</h2>
            <div>
              <Tag color={stateColor(detail.state)}>{detail.stateName}</Tag>
            </div>
            <div data-testid="report-scopes">报告范围：<ScopeLinks scopes={detail.reportHeaderVos} objectIds={detail.scopeObjectIds} /></div>
            <div>负责人：{detail.principal}</div>
            <div>报告时间：{detail.createTimeFmt}</div>
            <div>报告模板：{detail.templateName}</div>
          </div>
          <div className={styles.scoreStamp} data-testid="report-score">
            <span className={styles.scoreLabel}>得分</span>
            <span className={styles.scoreValue}>{formatPercent(detail.score, '-')}</span>
          </div>
        </div>
        <div className={styles.reviews}>
          <ReviewStamp label="专家评审" vo={detail.expertReviewVo} testId="expert-review" />
          <ReviewStamp label="学校审核" vo={detail.schoolReviewVo} testId="school-review" />
        </div>
        {built && (
          <>
            {detail.preface && <p className={styles.text}>{detail.preface}</p>}
            <ReportSections detail={detail} />
            {detail.closing && <p className={styles.text}>{detail.closing}</p>}
          </>
        )}
      </div>

      <div className={styles.side}>
        <Discussion reportId={reportId} canDiscuss={detail.canDiscuss} />
        <Card size="small" title="历史" data-testid="report-history">
          <Timeline
            items={detail.history.map((h, i) => ({
              key: i,
              title: h.time,
              content: (
                <>
                  {h.actorName} {h.actionName}
                  {h.comment && <div className={styles.text}>{h.comment}</div>}
                </>
              ),
            }))}
          />
        </Card>
      </div>

      <ReviewModal reportId={reportId} open={openModal === 'expertReview'} title={REPORT_ACTION_NAMES.expertReview} onClose={closeModal} onDone={afterWrite} />
      <ReviewModal reportId={reportId} open={openModal === 'schoolReview'} title={REPORT_ACTION_NAMES.schoolReview} publishes onClose={closeModal} onDone={afterWrite} />
      <RejectModal reportId={reportId} open={openModal === 'reject'} onClose={closeModal} onDone={afterWrite} />
      <ShareModal reportId={reportId} open={openModal === 'share'} onClose={closeModal} />
    </Card>
  );
}
