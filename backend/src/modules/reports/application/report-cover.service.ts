import { Injectable } from '@nestjs/common';
import { COVER_IMAGE_EXTENSIONS, COVER_IMAGE_MAX_BYTES, CoverLayoutSchema, REPORT_MESSAGES, type CoverLayout, type ReportCover } from '@zhengai/contracts';
import { FileStorage } from '../../../infrastructure/storage/file-storage.port.js';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDate } from '../../../shared/kernel/format.js';
import { bytesOf, ReportDocumentService, type BinaryFile } from './report-document.service.js';
import { mayManageTemplates } from '../domain/report-access.js';
import { ReportImages } from './ports/report-document.port.js';
import { ImageSniffer, ReportCoverRepository, ReportRepository, type CoverRecord, type StoredCover } from './ports/report-repository.port.js';

/** The default cover's layout: a centred dark title a third of the way down. */
export const DEFAULT_COVER_LAYOUT: CoverLayout = { titleTop: 32, titleSize: 36, titleColor: '#1f2d3d', align: 'center' };
export const DEFAULT_COVER_NAME = '默认封面';

const TYPES = ['image/png', 'image/jpeg'];
const notFound = () => new AppError('NOT_FOUND', REPORT_MESSAGES.coverNotFound);
const publicOf = ({ imageKey: _k, imageType: _t, ...cover }: CoverRecord): ReportCover => cover;

/** Report covers: a background image (PNG or JPEG, checked by name, size and content) and the title's layout. */
@Injectable()
export class ReportCoverService {
  constructor(
    private readonly covers: ReportCoverRepository,
    private readonly reports: ReportRepository,
    private readonly documents: ReportDocumentService,
    private readonly images: ReportImages,
    private readonly sniffer: ImageSniffer,
    private readonly storage: FileStorage,
    private readonly uow: UnitOfWork,
  ) {}

  async list(): Promise<ReportCover[]> {
    return (await this.covers.list()).map(publicOf);
  }

  async add(userId: string, input: { file: { fileName: string; bytes: Buffer } | null; name: unknown; layout: unknown }): Promise<ReportCover> {
    await this.mustManage(userId);
    const name = nameOf(input.name);
    const layout = layoutOf(input.layout);
    if (!input.file) throw new AppError('VALIDATION', '请选择封面图片');
    const ext = input.file.fileName.toLowerCase().split('.').pop() ?? '';
    if (!input.file.fileName.includes('.') || !(COVER_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('VALIDATION', REPORT_MESSAGES.coverImageType);
    if (input.file.bytes.length > COVER_IMAGE_MAX_BYTES) throw new AppError('VALIDATION', REPORT_MESSAGES.coverImageSize);
    const mime = await this.sniffer.mimeOf(input.file.bytes);
    if (!mime || !TYPES.includes(mime)) throw new AppError('VALIDATION', REPORT_MESSAGES.coverImageType);
    const imageKey = await this.documents.store(input.file.bytes);
    const id = await this.uow.run(async (tx) => this.covers.add(tx, { name, layout, imageKey, imageType: mime }, userId, (await this.covers.findDefault()) === null));
    return publicOf(await this.found(id));
  }

  async update(userId: string, input: { id: string; name: unknown; layout: unknown }): Promise<ReportCover> {
    await this.mustManage(userId);
    const values = { name: nameOf(input.name), layout: layoutOf(input.layout) };
    if (!(await this.uow.run((tx) => this.covers.update(tx, input.id, values)))) throw notFound();
    return publicOf(await this.found(input.id));
  }

  async remove(userId: string, id: string): Promise<true> {
    await this.mustManage(userId);
    const result = await this.uow.run((tx) => this.covers.remove(tx, id));
    if (result === 'notFound') throw notFound();
    if (result === 'default') throw new AppError('CONFLICT', REPORT_MESSAGES.defaultNotDeletable);
    return true;
  }

  async setDefault(userId: string, id: string): Promise<true> {
    await this.mustManage(userId);
    if (!(await this.uow.run((tx) => this.covers.setDefault(tx, id)))) throw notFound();
    return true;
  }

  async image(id: string): Promise<BinaryFile> {
    const cover = await this.found(id);
    const ext = cover.imageType === 'image/png' ? 'png' : 'jpg';
    return { bytes: await bytesOf(this.storage.open(cover.imageKey)), contentType: cover.imageType, fileName: `${cover.name}.${ext}` };
  }

  /** The cover composed with a sample title. */
  async preview(id: string): Promise<BinaryFile> {
    const cover = await this.found(id);
    const schoolName = await this.reports.schoolName();
    const year = String(new Date().getFullYear());
    const bytes = await this.documents.composeWith(cover.imageKey, cover.layout, { reportName: `${schoolName}${year}年度自我诊改报告`, schoolName, cycle: year, date: formatDate(new Date()) });
    return { bytes, contentType: 'image/png', fileName: `${cover.name}预览.png` };
  }

  /** The cover a build copies: the one named, else the default (made from the built-in background when there is none). */
  async forBuild(id: string | undefined): Promise<{ coverId: string; cover: StoredCover }> {
    const chosen = id ? await this.covers.find(id) : await this.ensureDefault(null);
    if (!chosen) throw new AppError('VALIDATION', REPORT_MESSAGES.coverNotFound);
    return { coverId: chosen.id, cover: { coverId: chosen.id, imageKey: chosen.imageKey, imageType: chosen.imageType, layout: chosen.layout } };
  }

  /** The default cover; a fresh install gets one from the built-in background. */
  async ensureDefault(creatorId: string | null): Promise<CoverRecord> {
    const current = await this.covers.findDefault();
    if (current) return current;
    const imageKey = await this.documents.store(await this.images.defaultCoverBackground());
    const id = await this.uow.run(async (tx) => {
      // Two first builds at once: one makes it, the other takes it.
      const again = await this.covers.findDefault(tx);
      return again ? again.id : this.covers.add(tx, { name: DEFAULT_COVER_NAME, layout: DEFAULT_COVER_LAYOUT, imageKey, imageType: 'image/png' }, creatorId, true);
    });
    return this.found(id);
  }

  private async mustManage(userId: string): Promise<void> {
    const { codes } = await this.reports.standing(userId);
    if (!mayManageTemplates(codes)) throw new AppError('NO_PERMISSION');
  }

  private async found(id: string): Promise<CoverRecord> {
    const cover = await this.covers.find(id);
    if (!cover) throw notFound();
    return cover;
  }
}

function nameOf(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') throw new AppError('VALIDATION', '请填写封面名称');
  if ([...name].length > 60) throw new AppError('VALIDATION', '封面名称最多60个字符');
  return name;
}

/** The layout: an object, or its JSON text (the multipart form sends text). */
function layoutOf(value: unknown): CoverLayout {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new AppError('VALIDATION', '封面版式不正确');
    }
  }
  const result = CoverLayoutSchema.safeParse(parsed);
  if (!result.success) throw new AppError('VALIDATION', '封面版式不正确');
  return result.data;
}
