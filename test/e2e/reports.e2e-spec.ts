import { jest } from '@jest/globals';
import { REPORT_MESSAGES, shownSections, type ReportBuildProgress, type ReportDetail, type ReportTemplate } from '@zhengai/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ReportBuildKeeper } from '../../backend/src/modules/reports/application/jobs/report-build.keeper.js';
import { ReportDocumentWriter } from '../../backend/src/modules/reports/application/ports/report-document.port.js';
import { documentJobId } from '../../backend/src/modules/reports/application/report-document-jobs.js';
import { bytesOf } from '../../backend/src/modules/reports/application/report-document.service.js';
import { FileStorage } from '../../backend/src/infrastructure/storage/file-storage.port.js';
import { JOB_CATALOGUE } from '../../backend/src/shared/jobs/job-catalogue.js';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import { AppError } from '../../backend/src/shared/errors/app-error.js';
import { binary, PNG_1x1, type Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, withCsrf, type TestApp } from './support/test-app.js';

// Issue 14, quality reports: generate (a job), the frozen page, the review flow (expert, school, reject, rebuild),
// discussion with @mentions, shares, who reads, the Word document, templates and covers. Names start with r3.
jest.setTimeout(120_000);

const SJGL = '/api/herm-sjgl';
const ZNFX = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const SCOPE = { cjlx: 'major' as const, cjdmid: 'major-510203' };
const REPORT_NAME = 'r3软件技术专业2025年度自我诊改报告';
const HEADINGS = ['r3一、质控点概况', 'r3二、目标任务进度', 'r3三、预警概况'];

describe('quality reports', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let rwfzr: Client; // 陈静, owner of the major's diagnosed tasks: the author
  let zj: Client; // the expert
  let xld: Client; // 刘建国, school leader
  let bmfzr: Client; // 李红, 教务处 head: reads nothing of the major's diagnosis
  let fabu: Client; // 王明, publisher: manages templates and covers
  let templateId: string;
  let reportId: string;

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const built = (c: Client, taskId: string) =>
    waitFor(async () => {
      const p = (await c.get(`${ZNFX}/report/taskResult?taskId=${encodeURIComponent(taskId)}`)).body.data as ReportBuildProgress | null;
      return p && (p.state === 'done' || p.state === 'failed') ? p : null;
    }, `build ${taskId}`, 60_000);
  const detail = async (c: Client, id = reportId) => (await c.get(`${SJGL}/report/detail?id=${id}`)).body as { meta: { success: boolean; message: string }; data: ReportDetail };
  const history = async () => (await db.query(`SELECT action FROM report_history WHERE report_id = $1 ORDER BY id`, [reportId])).map((r: { action: string }) => r.action);
  const word = async (c: Client) => binary(c.get(`${SJGL}/report/wordDownload?id=${reportId}`));
  const textOf = (docx: Buffer) => strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']!).replace(/<[^>]+>/g, '');
  const upload = (c: Client, file: Buffer, filename: string, name = 'r3封面', layout: unknown = { titleTop: 30, titleSize: 36, titleColor: '#112233', align: 'center' }) =>
    c.agent.post(withCsrf(`${SJGL}/reportCover/add`, t.config.csrfSecret)).field('name', name).field('layout', JSON.stringify(layout)).attach('file', file, { filename });

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    [admin, rwfzr, zj, xld, bmfzr, fabu] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr'), as('zj'), as('xld'), as('bmfzr'), as('fabu')]);
  });
  afterAll(() => t.close());

  describe('the demo', () => {
    it('has the school 2025 report published with both reviews and the 2026 one in the expert review, loaded once', async () => {
      const y2025 = await detail(xld, 'qr-demo-2025');
      expect(y2025.data).toMatchObject({
        reportName: '诊改示范职业技术学院2025年度自我诊改报告', state: 'published', authorName: '王明', templateName: '年度自我诊改报告模板',
        expertReviewVo: { fhjg: 'B', reviewer: '赵专家' }, schoolReviewVo: { fhjg: 'A', reviewer: '刘建国' },
      });
      // frozen before section 4: read with it unchecked
      expect(y2025.data.overview!.items.map((i) => i.name)).toEqual(['质控点情况', '任务完成进度', '预警情况', '改进成效']);
      expect(y2025.data.overview!.items[3]!.isChecked).toBe(false);
      expect(y2025.data.overview!.zkdzsl).toBeGreaterThan(0);
      expect(y2025.data.history.map((h) => h.action)).toEqual(['generate', 'built', 'submit', 'expertReview', 'schoolReview']);
      const y2026 = await detail(zj, 'qr-demo-2026');
      expect(y2026.data).toMatchObject({ reportName: '诊改示范职业技术学院2026年度自我诊改报告', state: 'submitted', actions: ['expertReview', 'reject'] });
      // The document is written on the first download, with the reviews.
      const res = await binary(xld.get(`${SJGL}/report/wordDownload?id=qr-demo-2025`));
      const text = strFromU8(unzipSync(new Uint8Array(res.body as Buffer))['word/document.xml']!).replace(/<[^>]+>/g, '');
      expect(text).toContain('诊改示范职业技术学院2025年度自我诊改报告');
      expect(text).toContain('同意发布');

      const count = async () => (await db.query(`SELECT (SELECT count(*) FROM quality_report)::int AS r, (SELECT count(*) FROM report_history)::int AS h, (SELECT count(*) FROM report_cover)::int AS c, (SELECT count(*) FROM report_template)::int AS t`))[0];
      const before = await count();
      await seed(t);
      expect(await count()).toEqual(before);
    });
  });

  describe('templates and covers', () => {
    it('adds, changes and lists templates (managers only); the default is first and cannot be deleted', async () => {
      const items = HEADINGS.map((name, i) => ({ id: i + 1, isChecked: i !== 2, name, text: i === 0 ? 'r3固定文字一' : '' }));
      const refused = await rwfzr.post(`${SJGL}/reportTemplate/add`, { name: 'r3模板', items, preface: '', closing: '' });
      expect(refused.body).toMatchObject(NO_PERMISSION);
      const added = await fabu.post(`${SJGL}/reportTemplate/add`, { name: 'r3模板草稿', items, preface: 'r3开篇', closing: 'r3结语' });
      expect(added.body.meta.success).toBe(true);
      templateId = (added.body.data as ReportTemplate).id;
      const changed = await fabu.post(`${SJGL}/reportTemplate/update`, { id: templateId, name: 'r3模板', items, preface: 'r3开篇', closing: 'r3结语' });
      expect(changed.body.data).toMatchObject({ id: templateId, name: 'r3模板', isDefault: false, creatorName: '王明' });
      const bad = await fabu.post(`${SJGL}/reportTemplate/add`, { name: '', items, preface: '', closing: '' });
      expect(bad.status).toBe(400);

      const list = (await rwfzr.get(`${SJGL}/reportTemplate/list`)).body.data as ReportTemplate[];
      expect(list.find((x) => x.id === templateId)).toBeTruthy();
      const defaults = list.filter((x) => x.isDefault);
      expect(defaults).toHaveLength(1);
      expect(list[0]!.isDefault).toBe(true);
      const oldDefault = defaults[0]!.id;

      const refusedDelete = await fabu.post(`${SJGL}/reportTemplate/delete`, { id: oldDefault });
      expect(refusedDelete.status).toBe(409);
      expect(refusedDelete.body.meta.message).toBe(REPORT_MESSAGES.defaultNotDeletable);

      expect((await fabu.post(`${SJGL}/reportTemplate/setDefault`, { id: templateId })).body.data).toBe(true);
      const after = (await fabu.get(`${SJGL}/reportTemplate/list`)).body.data as ReportTemplate[];
      expect(after[0]!.id).toBe(templateId);
      expect(after.filter((x) => x.isDefault).map((x) => x.id)).toEqual([templateId]);
      // Back as it was; the old default may now be deleted no more than before (it is default again).
      expect((await fabu.post(`${SJGL}/reportTemplate/setDefault`, { id: oldDefault })).body.data).toBe(true);

      const spare = await admin.post(`${SJGL}/reportTemplate/add`, { name: 'r3临时模板', items, preface: '', closing: '' });
      expect((await admin.post(`${SJGL}/reportTemplate/delete`, { id: spare.body.data.id })).body.data).toBe(true);
      expect((await admin.get(`${SJGL}/reportTemplate/list`)).body.data.some((x: ReportTemplate) => x.id === spare.body.data.id)).toBe(false);
    });

    it('takes a PNG cover and refuses a wrong extension, fake content and a file over 5 MB', async () => {
      const covers = async () => (await db.query(`SELECT count(*)::int AS n FROM report_cover`))[0].n as number;
      const before = await covers();
      const wrongExt = await upload(fabu, PNG_1x1, 'r3.gif');
      expect(wrongExt.body.meta.message).toBe(REPORT_MESSAGES.coverImageType);
      const fake = await upload(fabu, Buffer.from('not an image at all, only text'), 'r3.png');
      expect(fake.body.meta.message).toBe(REPORT_MESSAGES.coverImageType);
      const large = await upload(fabu, Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]), 'r3.png');
      expect(large.body.meta.message).toBe(REPORT_MESSAGES.coverImageSize);
      expect(await covers()).toBe(before);
      expect((await upload(rwfzr, PNG_1x1, 'r3.png')).body).toMatchObject(NO_PERMISSION);

      const ok = await upload(fabu, PNG_1x1, 'r3.png');
      expect(ok.body.meta.success).toBe(true);
      const cover = ok.body.data as { id: string; imageUrl: string; isDefault: boolean };
      expect(await covers()).toBe(before + 1);
      const image = await binary(fabu.get(cover.imageUrl));
      expect(image.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(image.body as Buffer, PNG_1x1)).toBe(0);

      const updated = await fabu.post(`${SJGL}/reportCover/update`, { id: cover.id, name: 'r3封面改', layout: { titleTop: 40, titleSize: 30, titleColor: '#000000', align: 'left' } });
      expect(updated.body.data).toMatchObject({ name: 'r3封面改', layout: { titleTop: 40, align: 'left' } });
      const list = (await fabu.get(`${SJGL}/reportCover/list`)).body.data as Array<{ id: string; isDefault: boolean }>;
      const def = list.find((x) => x.isDefault)!;
      expect(list[0]!.isDefault).toBe(true);
      const refused = await fabu.post(`${SJGL}/reportCover/delete`, { id: def.id });
      expect(refused.body.meta.message).toBe(REPORT_MESSAGES.defaultNotDeletable);
      expect((await fabu.post(`${SJGL}/reportCover/delete`, { id: cover.id })).body.data).toBe(true);
      expect(await covers()).toBe(before + 1); // soft delete: reports built with it keep its image
      expect((await fabu.get(`${SJGL}/reportCover/list`)).body.data.some((x: { id: string }) => x.id === cover.id)).toBe(false);
    });
  });

  describe('the flow', () => {
    it('generates as the author: a job builds and freezes the overview; a person outside the scope is refused', async () => {
      const options = (await rwfzr.get(`${SJGL}/report/scopeOptions?cycle=2025`)).body.data as { cycles: string[]; scopes: Array<{ cjdmid: string }> };
      expect(options.cycles).toContain('2025');
      expect(options.scopes.map((s) => s.cjdmid)).toContain(SCOPE.cjdmid);
      const outsider = await bmfzr.post(`${ZNFX}/report/generate`, { reportName: REPORT_NAME, cycle: '2025', scopes: [SCOPE] });
      expect(outsider.body.meta).toMatchObject({ success: false, message: REPORT_MESSAGES.scopeNotReadable });

      const started = await rwfzr.post(`${ZNFX}/report/generate`, { reportName: REPORT_NAME, cycle: '2025', scopes: [SCOPE], templateId });
      expect(started.body.meta.success).toBe(true);
      const { taskId } = started.body.data as { taskId: string; reportId: string };
      reportId = started.body.data.reportId;
      expect(taskId).toBe(`report-${reportId}-1`);
      expect((await built(rwfzr, taskId)).state).toBe('done');
      expect((await rwfzr.get(`${ZNFX}/report/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: true });
      // Another person does not see the job.
      expect((await bmfzr.get(`${ZNFX}/report/taskResult?taskId=${taskId}`)).body.meta.success).toBe(false);

      const d = await detail(rwfzr);
      expect(d.data).toMatchObject({ id: reportId, reportName: REPORT_NAME, cycle: '2025', state: 'draft', stateName: '待提交', authorName: '陈静', principal: '陈静', templateName: 'r3模板', preface: 'r3开篇' });
      expect(d.data.reportHeaderVos).toEqual([{ cjlx: 'major', cjmc: '专业', cjname: '软件技术', cjdmid: 'major-510203' }]);
      // the scope's object, for its portrait in 专业发展中心 (issue 33)
      expect(d.data.scopeObjectIds).toEqual(['obj-major-510203']);
      expect(d.data.overview!.items.map((i) => [i.id, i.name, i.isChecked])).toEqual([[1, HEADINGS[0], true], [2, HEADINGS[1], true], [3, HEADINGS[2], false], [4, '改进成效', false]]);
      expect(d.data.overview!.zkdzsl).toBeGreaterThan(0);
      expect(d.data.tables!.mbjc.length).toBe(d.data.overview!.zkdzsl);
      // Section 3 is unchecked: its table is not in the page data (nor in the document, below).
      expect(d.data.tables!.yjjl).toEqual([]);
      expect(d.data.actions).toEqual(['submit', 'rebuild', 'delete', 'share']);
      expect(d.data.createTimeFmt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      // The data is frozen: a later change of the live results leaves the page as it was.
      const frozen = d.data.overview;
      await db.query(`UPDATE report_template SET name = 'r3模板已改' WHERE id = $1`, [templateId]);
      expect((await detail(rwfzr)).data.overview).toEqual(frozen);
      expect((await detail(rwfzr)).data.templateName).toBe('r3模板');

      expect(await detail(bmfzr)).toMatchObject(NO_PERMISSION);
      const refusedWord = await bmfzr.get(`${SJGL}/report/wordDownload?id=${reportId}`);
      expect(refusedWord.body).toMatchObject(NO_PERMISSION);
      // Experts read from submitted on (unless they read the scopes anyway); the list shows the author theirs.
      const rows = (await rwfzr.get(`${SJGL}/report/select?current=1&size=50`)).body.data as { records: Array<{ id: string }> };
      expect(rows.records.map((r) => r.id)).toContain(reportId);
      const theirs = (await bmfzr.get(`${SJGL}/report/select?current=1&size=50`)).body.data as { records: Array<{ id: string }> };
      expect(theirs.records.map((r) => r.id)).not.toContain(reportId);
    });

    it('writes the Word document: the name, the shown headings and rows, not the unchecked section', async () => {
      const res = await word(rwfzr);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(REPORT_NAME)}.docx`);
      const files = unzipSync(new Uint8Array(res.body as Buffer));
      const xml = strFromU8(files['word/document.xml']!);
      const text = xml.replace(/<[^>]+>/g, '');
      expect(text).toContain(REPORT_NAME);
      const d = await detail(rwfzr);
      const shown = shownSections(d.data.overview!.items);
      expect(shown.map((s) => s.name)).toContain(HEADINGS[0]);
      for (const section of shown) expect(text).toContain(section.name);
      expect(text).toContain('r3固定文字一');
      expect(text).not.toContain(HEADINGS[2]);
      expect(text).toContain(d.data.tables!.mbjc[0]!.zkdmc);
      const [{ key }] = await db.query(`SELECT document_key AS key FROM quality_report WHERE id = $1`, [reportId]);
      expect(key).toBeTruthy();
    });

    it('discusses: @ a reader, not a non-reader', async () => {
      // 刘建国 reads the major's tasks, but not this draft before it is submitted (issue 30): an administrator reads it.
      expect((await rwfzr.post(`${SJGL}/report/discuss`, { id: reportId, content: 'r3 @刘建国', mentionIds: ['u-leader'] })).body.meta.message).toBe(REPORT_MESSAGES.mentionNotReader);
      const ok = await rwfzr.post(`${SJGL}/report/discuss`, { id: reportId, content: 'r3请管理员审阅 @系统管理员', mentionIds: ['u-admin'] });
      expect(ok.body.data).toMatchObject({ content: 'r3请管理员审阅 @系统管理员', authorName: '陈静', mentions: [{ userId: 'u-admin', userName: '系统管理员' }] });
      const refused = await rwfzr.post(`${SJGL}/report/discuss`, { id: reportId, content: 'r3 @李红', mentionIds: ['u-depthead'] });
      expect(refused.body.meta.message).toBe(REPORT_MESSAGES.mentionNotReader);
      const list = (await rwfzr.get(`${SJGL}/report/discussList?id=${reportId}`)).body.data as Array<{ content: string }>;
      expect(list.map((c) => c.content)).toEqual(['r3请管理员审阅 @系统管理员']);
    });

    it('shares with a person, then a department: they read it; unsharing takes it back', async () => {
      expect((await rwfzr.post(`${SJGL}/report/share`, { id: reportId, userIds: ['u-depthead'] })).body.data).toEqual([
        expect.objectContaining({ targetType: 'user', targetId: 'u-depthead', targetName: '李红', sharedBy: '陈静' }),
      ]);
      expect((await detail(bmfzr)).data.id).toBe(reportId);
      expect((await word(bmfzr)).status).toBe(200);
      expect((await rwfzr.post(`${SJGL}/report/unshare`, { id: reportId, targetType: 'user', targetId: 'u-depthead' })).body.data).toBe(true);
      expect(await detail(bmfzr)).toMatchObject(NO_PERMISSION);
      expect((await rwfzr.post(`${SJGL}/report/share`, { id: reportId, departmentIds: ['d-jwc'] })).body.meta.success).toBe(true);
      expect((await detail(bmfzr)).data.actions).toEqual([]);
      const shares = (await bmfzr.get(`${SJGL}/report/shareList?id=${reportId}`)).body.data as Array<{ targetId: string }>;
      expect(shares.map((s) => s.targetId)).toEqual(['d-jwc']);
      // A reader by share cannot share on.
      expect((await bmfzr.post(`${SJGL}/report/share`, { id: reportId, userIds: ['u-auditor'] })).body).toMatchObject(NO_PERMISSION);
    });

    it('reviews: expert, then school, then published; every step in history; conflicts write nothing', async () => {
      const early = await zj.post(`${SJGL}/report/review`, { id: reportId, fhjg: 'A', opinion: 'r3太早' });
      expect(early.status).toBe(409);
      expect(early.body.meta.message).toBe('报告处于「待提交」状态，不能专家评审');

      const [{ buildKey }] = await db.query(`SELECT document_key AS "buildKey" FROM quality_report WHERE id = $1`, [reportId]);
      expect(buildKey).not.toBeNull();
      expect((await rwfzr.post(`${SJGL}/report/submit`, { id: reportId })).body.data.state).toBe('submitted');
      expect((await xld.post(`${SJGL}/report/review`, { id: reportId, fhjg: 'A', opinion: 'r3校审' })).body).toMatchObject(NO_PERMISSION);
      const expert = await zj.post(`${SJGL}/report/review`, { id: reportId, fhjg: 'B', opinion: 'r3专家意见' });
      expect(expert.body.data).toMatchObject({ state: 'expertPassed', expertReviewVo: { fhjg: 'B', fhjgmc: '良好', opinion: 'r3专家意见', reviewer: '赵专家' } });
      const stamp = await binary(zj.get(expert.body.data.expertReviewVo.stampUrl));
      expect(stamp.headers['content-type']).toBe('image/png');
      expect((stamp.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
      // The review cleared the document; the worker writes it again with the review, without anyone downloading, under
      // the report's own key (the build's document is replaced, not left behind).
      const rewritten = await waitFor(async () => (await db.query(`SELECT document_key AS key FROM quality_report WHERE id = $1`, [reportId]))[0].key as string | null, 'the document written again', 60_000);
      expect(rewritten).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(rewritten).toBe(buildKey);
      const stored = await bytesOf(t.app.get(FileStorage).open(rewritten));
      expect(textOf(stored)).toContain('r3专家意见');
      // The download answers that document.
      const downloaded = await word(zj);
      expect(downloaded.status).toBe(200);
      expect(Buffer.compare(downloaded.body as Buffer, stored)).toBe(0);

      const school = await xld.post(`${SJGL}/report/review`, { id: reportId, fhjg: 'A', opinion: 'r3同意发布' });
      expect(school.body.data).toMatchObject({ state: 'published', stateName: '已发布', schoolReviewVo: { fhjg: 'A', reviewer: '刘建国' } });

      const before = await history();
      const snapshot = await db.query(`SELECT state, school_review, updated_at FROM quality_report WHERE id = $1`, [reportId]);
      const refused = await xld.post(`${SJGL}/report/reject`, { id: reportId, reason: 'r3驳回' });
      expect(refused.status).toBe(409);
      expect(refused.body.meta.message).toBe('报告处于「已发布」状态，不能驳回');
      const deleted = await admin.post(`${SJGL}/report/delete`, { id: reportId });
      expect(deleted.body.meta.message).toBe('报告处于「已发布」状态，不能删除');
      expect(await history()).toEqual(before);
      expect(await db.query(`SELECT state, school_review, updated_at FROM quality_report WHERE id = $1`, [reportId])).toEqual(snapshot);
      expect(before).toEqual(['generate', 'built', 'share', 'unshare', 'share', 'submit', 'expertReview', 'schoolReview']);
      const d = await detail(rwfzr);
      expect(d.data.history.map((h) => h.actionName)).toEqual(['生成报告', '生成完成', '共享', '取消共享', '共享', '提交评审', '专家评审', '学校审核']);

      // The document is written again with both reviews.
      const text = strFromU8(unzipSync(new Uint8Array((await word(xld)).body as Buffer))['word/document.xml']!).replace(/<[^>]+>/g, '');
      expect(text).toContain('r3专家意见');
      expect(text).toContain('r3同意发布');
    });

    it('lists with filters and shows the composed cover', async () => {
      const page = async (q: string) => ((await rwfzr.get(`${SJGL}/report/select?current=1&size=50&${q}`)).body.data as { records: Array<{ id: string; state: string }>; total: number });
      expect((await page('state=published')).records.map((r) => r.id)).toContain(reportId);
      expect((await page('state=draft')).records.map((r) => r.id)).not.toContain(reportId);
      expect((await page(`name=${encodeURIComponent('r3软件技术')}`)).records.map((r) => r.id)).toEqual([reportId]);
      expect((await page('cjlx=school')).records.map((r) => r.id)).not.toContain(reportId);
      const cover = await binary(rwfzr.get((await detail(rwfzr)).data.coverUrl));
      expect(cover.headers['content-type']).toBe('image/png');
      expect((cover.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    });

    it('records a failed build with its reason: checkStatus answers it, the author may rebuild or delete', async () => {
      // A cover whose image is not stored: the document cannot be written.
      const [{ id: coverId }] = await db.query(
        `INSERT INTO report_cover (name, layout, image_key, image_type, creator_id) VALUES ('r3坏封面', $1::jsonb, 'ab/cd/abcd0000-0000-4000-8000-000000000000', 'image/png', 'u-publisher') RETURNING id`,
        [JSON.stringify({ titleTop: 30, titleSize: 36, titleColor: '#000000', align: 'center' })],
      );
      const started = await rwfzr.post(`${ZNFX}/report/generate`, { reportName: 'r3失败报告', cycle: '2025', scopes: [SCOPE], coverId });
      const progress = await built(rwfzr, started.body.data.taskId);
      expect(progress).toMatchObject({ state: 'failed', step: '失败' });
      expect(progress.reason).toBe('报告生成失败，请稍后重新生成或联系管理员');
      const status = await rwfzr.get(`${ZNFX}/report/checkStatus?taskId=${started.body.data.taskId}`);
      expect(status.body.meta).toEqual({ success: false, message: progress.reason });
      const d = await detail(rwfzr, started.body.data.reportId);
      expect(d.data).toMatchObject({ state: 'failed', stateName: '生成失败', failReason: progress.reason, overview: null, actions: ['rebuild', 'delete'] });
      expect((await rwfzr.get(`${SJGL}/report/wordDownload?id=${started.body.data.reportId}`)).body.meta.message).toBe(REPORT_MESSAGES.notBuilt);
      expect((await rwfzr.post(`${SJGL}/report/delete`, { id: started.body.data.reportId })).body.data).toBe(true);
    });

    it('rejects back to the author with the reason, who rebuilds and submits again', async () => {
      const started = await rwfzr.post(`${ZNFX}/report/generate`, { reportName: 'r3驳回报告', cycle: '2025', scopes: [SCOPE] });
      const second = started.body.data.reportId as string;
      expect((await built(rwfzr, started.body.data.taskId)).state).toBe('done');
      expect((await rwfzr.post(`${SJGL}/report/submit`, { id: second })).body.meta.success).toBe(true);
      const rejected = await zj.post(`${SJGL}/report/reject`, { id: second, reason: 'r3数据不完整' });
      expect(rejected.body.data).toMatchObject({ state: 'rejected', rejectReason: 'r3数据不完整' });
      expect((await detail(rwfzr, second)).data.actions).toEqual(['rebuild', 'delete', 'share']);
      expect((await rwfzr.post(`${SJGL}/report/submit`, { id: second })).body.meta.message).toBe('报告处于「已驳回」状态，不能提交评审');

      const rebuilt = await rwfzr.post(`${SJGL}/report/rebuild`, { id: second });
      expect(rebuilt.body.data.taskId).toBe(`report-${second}-2`);
      expect((await built(rwfzr, rebuilt.body.data.taskId)).state).toBe('done');
      const d = await detail(rwfzr, second);
      expect(d.data).toMatchObject({ state: 'draft', rejectReason: null, expertReviewVo: null });
      expect(d.data.history.map((h) => h.action)).toEqual(['generate', 'built', 'submit', 'reject', 'rebuild', 'built']);
      expect(d.data.history.find((h) => h.action === 'reject')!.comment).toBe('r3数据不完整');
      expect((await rwfzr.post(`${SJGL}/report/submit`, { id: second })).body.data.state).toBe('submitted');
      // The author deletes only drafts, rejected and failed reports; an administrator anything unpublished.
      expect((await rwfzr.post(`${SJGL}/report/delete`, { id: second })).status).toBe(409);
      expect((await admin.post(`${SJGL}/report/delete`, { id: second })).body.data).toBe(true);
      expect((await detail(rwfzr, second)).meta.success).toBe(false);
    });

    it('keeps an unshared draft from the expert and the scope readers until it is submitted (issue 30)', async () => {
      // 王明 builds a school report: 赵专家 (expert) and 张伟 (reads every diagnosed task of the school) must not read the draft.
      const zw = await as('bmshr');
      const started = await fabu.post(`${ZNFX}/report/generate`, { reportName: 'r3学校草稿报告', cycle: '2026', scopes: [{ cjlx: 'school', cjdmid: 'school-demo' }] });
      expect(started.body.meta.success).toBe(true);
      const draft = started.body.data.reportId as string;
      expect((await built(fabu, started.body.data.taskId)).state).toBe('done');
      const listed = async (c: Client) => ((await c.get(`${SJGL}/report/select?current=1&size=100`)).body.data as { records: Array<{ id: string }> }).records.map((r) => r.id);
      for (const c of [zj, zw]) {
        expect(await detail(c, draft)).toMatchObject(NO_PERMISSION);
        for (const path of ['discussList', 'shareList', 'wordDownload']) expect((await c.get(`${SJGL}/report/${path}?id=${draft}`)).body).toMatchObject(NO_PERMISSION);
        expect(await listed(c)).not.toContain(draft);
      }
      expect((await detail(fabu, draft)).data.state).toBe('draft');
      expect((await detail(admin, draft)).data.state).toBe('draft');
      // A sharer reads the draft.
      expect((await fabu.post(`${SJGL}/report/share`, { id: draft, userIds: ['u-auditor'] })).body.meta.success).toBe(true);
      expect((await detail(zw, draft)).data.state).toBe('draft');
      expect(await listed(zw)).toContain(draft);
      expect((await fabu.post(`${SJGL}/report/unshare`, { id: draft, targetType: 'user', targetId: 'u-auditor' })).body.data).toBe(true);
      // From submitted on, the expert and the scope reader read it.
      expect((await fabu.post(`${SJGL}/report/submit`, { id: draft })).body.data.state).toBe('submitted');
      for (const c of [zj, zw]) {
        expect((await detail(c, draft)).data.state).toBe('submitted');
        expect(await listed(c)).toContain(draft);
      }
      expect((await admin.post(`${SJGL}/report/delete`, { id: draft })).body.data).toBe(true);
    });
  });

  describe('no report stays 生成中 (issue 31 item 7)', () => {
    const BUILD_FAILED = '报告生成失败，请稍后重新生成或联系管理员';
    const rows = async (name: string) => (await db.query(`SELECT id, state, fail_reason FROM quality_report WHERE report_name = $1`, [name])) as Array<{ id: string; state: string; fail_reason: string | null }>;
    const loginOn = async (app: TestApp, account: string) => {
      const c = client(app);
      expect((await c.login(account, 'Demo2026')).status).toBe(200);
      return c;
    };

    it('answers 503 to generate while the queue is unreachable and keeps no report; a rebuild then fails the report, which its author may rebuild or delete', async () => {
      // The queue refuses the enqueue as the adapter does while Redis is down (QUEUE_UNAVAILABLE, at once).
      const queue = t.app.get(JobQueue);
      const refuse = () => jest.spyOn(queue, 'enqueue').mockRejectedValueOnce(new AppError('QUEUE_UNAVAILABLE'));
      refuse();
      const res = await rwfzr.post(`${ZNFX}/report/generate`, { reportName: 'r3队列不可用报告', cycle: '2025', scopes: [SCOPE] });
      expect(res.status).toBe(503);
      expect(res.body.meta).toEqual({ success: false, message: '任务队列暂不可用，请稍后重试' });
      expect(await rows('r3队列不可用报告')).toEqual([]);

      const started = await rwfzr.post(`${ZNFX}/report/generate`, { reportName: 'r3重建不可用报告', cycle: '2025', scopes: [SCOPE] });
      const id = started.body.data.reportId as string;
      expect((await built(rwfzr, started.body.data.taskId)).state).toBe('done');
      refuse();
      const rebuild = await rwfzr.post(`${SJGL}/report/rebuild`, { id });
      expect(rebuild.status).toBe(503);
      const d = await detail(rwfzr, id);
      expect(d.data).toMatchObject({ state: 'failed', stateName: '生成失败', failReason: '生成任务未能提交（任务队列不可用），请稍后重新生成', actions: ['rebuild', 'delete'] });
      const again = await rwfzr.post(`${SJGL}/report/rebuild`, { id });
      expect((await built(rwfzr, again.body.data.taskId)).state).toBe('done');
      expect((await detail(rwfzr, id)).data.state).toBe('draft');
      expect((await rwfzr.post(`${SJGL}/report/delete`, { id })).body.data).toBe(true);
      jest.restoreAllMocks();
    });

    it('makes a build whose job failed for good 生成失败 with its reason; its author rebuilds it, and may delete it', async () => {
      // This app's catalogue refuses every build-report payload: the job fails for good before its handler runs, as
      // a worker killed twice or a database away during the build would leave it; the job's failure hook marks it.
      const broken = await startTestApp({
        runWorkers: true,
        catalogue: { ...JOB_CATALOGUE, 'build-report': { ...JOB_CATALOGUE['build-report'], payload: z.object({ reportId: z.literal('never') }) } },
      });
      try {
        const author = await loginOn(broken, 'rwfzr');
        const started = await author.post(`${ZNFX}/report/generate`, { reportName: 'r3任务失败报告', cycle: '2025', scopes: [SCOPE] });
        expect(started.body.meta.success).toBe(true);
        const id = started.body.data.reportId as string;
        const progress = await built(author, started.body.data.taskId);
        expect(progress).toMatchObject({ state: 'failed', step: '失败' });
        await waitFor(async () => (await rows('r3任务失败报告'))[0]?.state === 'failed', 'the report failed');
        const d = await detail(rwfzr, id);
        expect(d.data).toMatchObject({ state: 'failed', stateName: '生成失败', failReason: BUILD_FAILED, actions: ['rebuild', 'delete'] });
        expect(d.data.history.map((h) => h.action)).toEqual(['generate', 'buildFailed']);
        // Rebuilt where builds work: built, a draft.
        const rebuilt = await rwfzr.post(`${SJGL}/report/rebuild`, { id });
        expect(rebuilt.body.data.taskId).toBe(`report-${id}-2`);
        expect((await built(rwfzr, rebuilt.body.data.taskId)).state).toBe('done');
        expect((await detail(rwfzr, id)).data).toMatchObject({ state: 'draft', failReason: null });

        // Fails again there, and is deleted.
        const third = await author.post(`${SJGL}/report/rebuild`, { id });
        expect((await built(author, third.body.data.taskId)).state).toBe('failed');
        await waitFor(async () => (await rows('r3任务失败报告'))[0]?.state === 'failed', 'the report failed again');
        expect((await rwfzr.post(`${SJGL}/report/delete`, { id })).body.data).toBe(true);
      } finally {
        await broken.close();
      }
    });

    it('makes a report whose job was lost (Redis emptied) 生成失败: 生成任务已丢失，请重新生成, on the periodic check and on taskResult', async () => {
      // No workers: the jobs wait in the queue, where the test removes them.
      const idle = await startTestApp();
      const redis = new Redis(process.env.E2E_REDIS_URL!, { maxRetriesPerRequest: null });
      const queue = new Queue('build-report', { connection: redis, prefix: idle.config.queuePrefix });
      try {
        const author = await loginOn(idle, 'rwfzr');
        const start = async (name: string) => (await author.post(`${ZNFX}/report/generate`, { reportName: name, cycle: '2025', scopes: [SCOPE] })).body.data as { taskId: string; reportId: string };
        const [first, second] = [await start('r3丢失报告一'), await start('r3丢失报告二')];
        await queue.obliterate({ force: true });
        // Just started: the job may still be on its way; nothing is decided yet.
        await idle.app.get(ReportBuildKeeper).settle();
        expect((await author.get(`${ZNFX}/report/taskResult?taskId=${first.taskId}`)).body.data).toMatchObject({ state: 'waiting' });
        expect((await rows('r3丢失报告一'))[0]!.state).toBe('building');

        await db.query(`UPDATE quality_report SET updated_at = now() - interval '3 minutes' WHERE id = ANY($1)`, [[first.reportId, second.reportId]]);
        // On read: taskResult finds the job gone.
        expect((await author.get(`${ZNFX}/report/taskResult?taskId=${first.taskId}`)).body.data).toMatchObject({ state: 'failed', reason: '生成任务已丢失，请重新生成' });
        // The periodic check: every process, every minute.
        await idle.app.get(ReportBuildKeeper).settle();
        for (const r of [first, second]) {
          const d = await detail(rwfzr, r.reportId);
          expect(d.data).toMatchObject({ state: 'failed', failReason: '生成任务已丢失，请重新生成', actions: ['rebuild', 'delete'] });
          expect((await rwfzr.post(`${SJGL}/report/delete`, { id: r.reportId })).body.data).toBe(true);
        }
      } finally {
        await queue.close();
        redis.disconnect();
        await idle.close();
      }
    });
  });

  describe('the Word document is written in the worker, never on the API\'s event loop (issue 31 item 4)', () => {
    const DEMO = 'qr-demo-2025';
    const loginOn = async (app: TestApp, account: string) => {
      const c = client(app);
      expect((await c.login(account, 'Demo2026')).status).toBe(200);
      return c;
    };
    // As a move leaves it: no stored document, a new version.
    const clearDocument = () => db.query(`UPDATE quality_report SET document_key = NULL, updated_at = now() WHERE id = $1`, [DEMO]);

    it('answers a download on an API without workers by waiting for the worker\'s job: the API\'s writer writes nothing', async () => {
      // As npm start runs it: the API (no workers) and the worker process, on one queue.
      const prefix = `${process.env.E2E_RUN_ID}-${process.pid}-reportdoc`;
      const api = await startTestApp({ env: { QUEUE_PREFIX: prefix } });
      const worker = await startTestApp({ runWorkers: true, env: { QUEUE_PREFIX: prefix } });
      try {
        const apiWrites = jest.spyOn(api.app.get(ReportDocumentWriter), 'write');
        const workerWrites = jest.spyOn(worker.app.get(ReportDocumentWriter), 'write');
        await clearDocument();
        const res = await binary((await loginOn(api, 'xld')).get(`${SJGL}/report/wordDownload?id=${DEMO}`));
        expect(res.status).toBe(200);
        expect(textOf(res.body as Buffer)).toContain('同意发布');
        expect(apiWrites).not.toHaveBeenCalled();
        expect(workerWrites).toHaveBeenCalledTimes(1);
        expect((await db.query(`SELECT document_key AS key FROM quality_report WHERE id = $1`, [DEMO]))[0].key).toBeTruthy();
      } finally {
        jest.restoreAllMocks();
        await worker.close();
        await api.close();
      }
    });

    it('answers 503 报告Word文档生成失败 when its job fails for good; the next download queues a fresh job', async () => {
      // This app's catalogue refuses every write-report-document payload: the job fails for good at once.
      const broken = await startTestApp({
        runWorkers: true,
        catalogue: { ...JOB_CATALOGUE, 'write-report-document': { ...JOB_CATALOGUE['write-report-document'], payload: z.object({ reportId: z.literal('never') }) } },
      });
      const redis = new Redis(process.env.E2E_REDIS_URL!, { maxRetriesPerRequest: null });
      const queue = new Queue('write-report-document', { connection: redis, prefix: broken.config.queuePrefix });
      try {
        await clearDocument();
        const reader = await loginOn(broken, 'xld');
        const first = await reader.get(`${SJGL}/report/wordDownload?id=${DEMO}`);
        expect(first.status).toBe(503);
        expect(first.body.meta).toEqual({ success: false, message: REPORT_MESSAGES.documentFailed });
        const second = await reader.get(`${SJGL}/report/wordDownload?id=${DEMO}`);
        expect(second.body.meta.message).toBe(REPORT_MESSAGES.documentFailed);
        const failed = (await queue.getFailed()).map((j) => j.id!);
        expect(failed).toHaveLength(2);
        const [{ version }] = await db.query(`SELECT (extract(epoch FROM updated_at) * 1000000)::bigint::text AS version FROM quality_report WHERE id = $1`, [DEMO]);
        expect(failed).toContain(documentJobId(DEMO, version));

        // The queue unreachable and no document stored: 503 naming it (a stored one is still answered, below).
        const refused = jest.spyOn(broken.app.get(JobQueue), 'status').mockRejectedValueOnce(new AppError('QUEUE_UNAVAILABLE'));
        const down = await reader.get(`${SJGL}/report/wordDownload?id=${DEMO}`);
        expect(down.status).toBe(503);
        expect(down.body.meta.message).toBe(REPORT_MESSAGES.documentQueueDown);
        refused.mockRestore();
      } finally {
        jest.restoreAllMocks();
        await queue.close();
        redis.disconnect();
        await broken.close();
      }
      // Where the job works (this suite's app), the document is written again and answered.
      expect((await binary(xld.get(`${SJGL}/report/wordDownload?id=${DEMO}`))).status).toBe(200);
    });
  });
});
