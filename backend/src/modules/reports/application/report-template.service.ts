import { Injectable } from '@nestjs/common';
import { OVERVIEW_ITEM_CHECKED, OVERVIEW_ITEM_IDS, OVERVIEW_ITEM_NAMES, REPORT_MESSAGES, type ReportTemplate, type ReportTemplateInput } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { templateItems } from '../domain/overview.js';
import { mayManageTemplates } from '../domain/report-access.js';
import { ReportRepository, ReportTemplateRepository, type StoredTemplate, type TemplateValues } from './ports/report-repository.port.js';

/** The template a report takes when there is no default one: sections 1–3 checked (4 left to choose), the plain headings. */
export const BUILT_IN_TEMPLATE: StoredTemplate = {
  name: '默认模板',
  items: OVERVIEW_ITEM_IDS.map((id) => ({ id, isChecked: OVERVIEW_ITEM_CHECKED[id], name: OVERVIEW_ITEM_NAMES[id], text: '' })),
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
    const values = valuesOf(input, null);
    // The first template becomes the default.
    const id = await this.uow.run(async (tx) => this.templates.add(tx, values, userId, (await this.templates.findDefault()) === null));
    return this.found(id);
  }

  async update(userId: string, input: ReportTemplateInput): Promise<ReportTemplate> {
    await this.mustManage(userId);
    if (!input.id) throw new AppError('VALIDATION', '缺少报告模板');
    const id = input.id;
    // a client of before section 4 sends three sections: the stored fourth stays as it was
    const stored = await this.templates.find(id);
    if (!stored) throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
    if (!(await this.uow.run((tx) => this.templates.update(tx, id, valuesOf(input, stored))))) throw new AppError('NOT_FOUND', REPORT_MESSAGES.templateNotFound);
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

/** Items in section order 1–4, each once; without section 4 the stored one's (or an unchecked one, on add). */
function valuesOf(input: ReportTemplateInput, stored: ReportTemplate | null): TemplateValues {
  const items = [...input.items].sort((a, b) => a.id - b.id);
  const ids = items.map((i) => i.id).join();
  if (ids !== '1,2,3' && ids !== '1,2,3,4') throw new AppError('VALIDATION', '模板须包含质控点情况、任务完成进度、预警情况三项');
  const fourth = items.find((i) => i.id === 4) ?? stored?.items.find((i) => i.id === 4);
  return {
    name: input.name.trim(),
    items: templateItems([...items.filter((i) => i.id !== 4), ...(fourth ? [fourth] : [])]).map((i) => ({ id: i.id, isChecked: i.isChecked, name: i.name.trim(), text: i.text })),
    preface: input.preface,
    closing: input.closing,
  };
}
