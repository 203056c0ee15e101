import { Injectable } from '@nestjs/common';
import { OVERVIEW_ITEM_NAMES, REPORT_MESSAGES, type ReportTemplate, type ReportTemplateInput } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { mayManageTemplates } from '../domain/report-access.js';
import { ReportRepository, ReportTemplateRepository, type StoredTemplate, type TemplateValues } from './ports/report-repository.port.js';

/** The template a report takes when there is no default one: the three sections checked, the plain headings. */
export const BUILT_IN_TEMPLATE: StoredTemplate = {
  name: '默认模板',
  items: ([1, 2, 3] as const).map((id) => ({ id, isChecked: true, name: OVERVIEW_ITEM_NAMES[id], text: '' })),
  preface: '',
  closing: '',
};

/** Report templates: which sections, their headings and fixed texts, the opening and closing. One is the default. */
@Injectable()
export class ReportTemplateService {
  constructor(
    private readonly templates: ReportTemplateRepository,
    private readonly reports: ReportRepository,
    private readonly uow: UnitOfWork,
  ) {}

  list(): Promise<ReportTemplate[]> {
    return this.templates.list();
  }

  async add(userId: string, input: ReportTemplateInput): Promise<ReportTemplate> {
    await this.mustManage(userId);
    const values = valuesOf(input);
    // The first template becomes the default.
    const id = await this.uow.run(async (tx) => this.templates.add(tx, values, userId, (await this.templates.findDefault()) === null));
    return this.found(id);
  }

  async update(userId: string, input: ReportTemplateInput): Promise<ReportTemplate> {
    await this.mustManage(userId);
    if (!input.id) throw new AppError('VALIDATION', '缺少报告模板');
    const id = input.id;
    if (!(await this.uow.run((tx) => this.templates.update(tx, id, valuesOf(input))))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
    return this.found(id);
  }

  async remove(userId: string, id: string): Promise<true> {
    await this.mustManage(userId);
    const result = await this.uow.run((tx) => this.templates.remove(tx, id));
    if (result === 'notFound') throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
    if (result === 'default') throw new AppError('CONFLICT', REPORT_MESSAGES.defaultNotDeletable);
    return true;
  }

  async setDefault(userId: string, id: string): Promise<true> {
    await this.mustManage(userId);
    if (!(await this.uow.run((tx) => this.templates.setDefault(tx, id)))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
    return true;
  }

  /** The template a build copies: the one named, else the default, else the built-in one. */
  async forBuild(id: string | undefined): Promise<{ templateId: string | null; template: StoredTemplate }> {
    const chosen = id ? await this.templates.find(id) : await this.templates.findDefault();
    if (id && !chosen) throw new AppError('VALIDATION', REPORT_MESSAGES.templateNotFound);
    if (!chosen) return { templateId: null, template: BUILT_IN_TEMPLATE };
    return { templateId: chosen.id, template: { name: chosen.name, items: chosen.items, preface: chosen.preface, closing: chosen.closing } };
  }

  private async mustManage(userId: string): Promise<void> {
    const { codes } = await this.reports.standing(userId);
    if (!mayManageTemplates(codes)) throw new AppError('NO_PERMISSION');
  }

  private async found(id: string): Promise<ReportTemplate> {
    const template = await this.templates.find(id);
    if (!template) throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
    return template;
  }
}

/** Items in section order 1, 2, 3, each once. */
function valuesOf(input: ReportTemplateInput): TemplateValues {
  const items = [...input.items].sort((a, b) => a.id - b.id);
  if (items.map((i) => i.id).join() !== '1,2,3') throw new AppError('VALIDATION', '模板须包含质控点情况、任务完成进度、预警情况三项');
  return {
    name: input.name.trim(),
    items: items.map((i) => ({ id: i.id, isChecked: i.isChecked, name: i.name.trim(), text: i.text })),
    preface: input.preface,
    closing: input.closing,
  };
}
