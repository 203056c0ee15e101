import { Injectable } from '@nestjs/common';
import {
  COLLECTION_MESSAGES,
  OPTION_COMPONENTS,
  type DataSourceSql,
  type DataSourceSqlQuery,
  type FormCreateInput,
  type FormDesignInput,
  type FormDetail,
  type FormField,
  type FormQuery,
  type FormSummary,
  type FormVersion,
  type Page,
} from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { columnsOf } from '../domain/data-centre.js';
import { dataSourceSql } from '../domain/data-source-sql.js';
import { designRefusal } from '../domain/form-design.js';
import { ConstantRepository } from './ports/constant-repository.port.js';
import { DataCentreTables } from './ports/data-centre.port.js';
import { FormDirectoryRepository, FormRepository } from './ports/form-repository.port.js';

/**
 * Forms: the design being edited (dc_form) and its published versions (dc_form_version), each publish creating or
 * widening the form's data-centre table in the same transaction. Who may call is the menus' rule (the controller's).
 */
@Injectable()
export class FormService {
  constructor(
    private readonly forms: FormRepository,
    private readonly directories: FormDirectoryRepository,
    private readonly constants: ConstantRepository,
    private readonly tables: DataCentreTables,
    private readonly uow: UnitOfWork,
  ) {}

  async list(query: FormQuery): Promise<Page<FormSummary>> {
    const current = query.pageNum ?? 1;
    const size = query.pageSize ?? 10;
    const name = query.name?.trim();
    const { records, total } = await this.forms.page({
      directoryId: query.directoryId || undefined,
      name: name || undefined,
      publishState: query.publishState,
      skip: (current - 1) * size,
      take: size,
    });
    return { records, total, current, pages: Math.ceil(total / size) };
  }

  async detail(id: string): Promise<FormDetail> {
    const found = await this.forms.detail(id);
    if (!found) throw new AppError('NOT_FOUND', '表单不存在');
    return found;
  }

  async version(id: string, version: number): Promise<FormVersion> {
    const found = await this.forms.version(id, version);
    if (!found) throw new AppError('NOT_FOUND', '表单版本不存在');
    return found;
  }

  /** A new form (the schema has read the code by IDENTIFIER_PATTERN); the code must be free. */
  async add(userId: string, input: FormCreateInput): Promise<FormDetail> {
    await this.mustHaveDirectory(input.directoryId);
    await this.mustBeFreeCode(input.code);
    const id = await this.forms.insert(userId, { ...input, description: input.description ?? null });
    return this.detail(id);
  }

  /** Saves the whole design; code and form type only until the first publish. */
  async update(_userId: string, input: FormDesignInput): Promise<FormDetail> {
    await this.uow.run(async (tx) => {
      const stored = await this.forms.lock(tx, input.id);
      if (!stored) throw new AppError('NOT_FOUND', '表单不存在');
      if (stored.version > 0 && (input.code !== stored.code || input.formType !== stored.formType)) throw new AppError('VALIDATION', COLLECTION_MESSAGES.codeLocked);
      const fixedRows = input.formType === 'fixed' ? input.fixedRows : [];
      const refusal = designRefusal({ code: input.code, formType: input.formType, fields: input.fields, fixedRows }, false);
      if (refusal) throw new AppError('VALIDATION', refusal);
      await this.mustHaveConstantTypes(input.fields, tx);
      if (input.directoryId !== stored.directoryId) await this.mustHaveDirectory(input.directoryId, tx);
      if (input.code !== stored.code) await this.mustBeFreeCode(input.code, stored.id, tx);
      await this.forms.updateDesign(tx, stored.id, {
        directoryId: input.directoryId,
        name: input.name,
        code: input.code,
        formType: input.formType,
        description: input.description ?? null,
        fields: input.fields,
        fixedRows,
      });
    });
    return this.detail(input.id);
  }

  /** Deletes a form no collection task uses; a published one takes its (then empty) data-centre table with it. */
  async remove(_userId: string, id: string): Promise<null> {
    await this.uow.run(async (tx) => {
      const stored = await this.forms.lock(tx, id);
      if (!stored) throw new AppError('NOT_FOUND', '表单不存在');
      if (await this.forms.inUse(tx, id)) throw new AppError('CONFLICT', COLLECTION_MESSAGES.formInUse);
      await this.forms.delete(tx, id);
      if (stored.version > 0) await this.tables.dropTable(tx, stored.code);
    });
    return null;
  }

  /** Checks the design, writes it as version n+1 and creates or widens sjzx.<code> with every version's columns. */
  async publish(userId: string, id: string): Promise<FormDetail> {
    await this.uow.run(async (tx) => {
      const stored = await this.forms.lock(tx, id);
      if (!stored) throw new AppError('NOT_FOUND', '表单不存在');
      const published = await this.forms.versionFields(id, tx);
      const refusal = designRefusal(stored, true, published);
      if (refusal) throw new AppError('VALIDATION', refusal);
      await this.mustHaveConstantTypes(stored.fields, tx);
      // The first publish makes the table: one made meanwhile by someone else is not this form's to widen.
      if (stored.version === 0 && (await this.tables.exists(stored.code, tx))) throw new AppError('CONFLICT', COLLECTION_MESSAGES.codeTaken);
      await this.forms.publish(tx, id, stored.version + 1, userId);
      await this.tables.ensureTable(tx, stored.code, columnsOf([...published, stored.fields]));
    });
    return this.detail(id);
  }

  async dataSourceSql(query: DataSourceSqlQuery): Promise<DataSourceSql> {
    const form = await this.detail(query.formId);
    if (form.version === 0) throw new AppError('VALIDATION', COLLECTION_MESSAGES.formNotPublished(form.name));
    const fields = (await this.forms.versionFields(form.id)).flat();
    const result = dataSourceSql(form.code, fields, query);
    if ('refusal' in result) throw new AppError('VALIDATION', result.refusal);
    return result;
  }

  private async mustHaveDirectory(id: string, tx?: Transaction): Promise<void> {
    if (!(await this.directories.find(id, tx))) throw new AppError('NOT_FOUND', '目录不存在');
  }

  /** A code no other form has and no table of the data centre already takes (one made by hand, say). */
  private async mustBeFreeCode(code: string, exceptId?: string, tx?: Transaction): Promise<void> {
    if ((await this.forms.codeTaken(code, exceptId, tx)) || (await this.tables.exists(code, tx))) throw new AppError('CONFLICT', COLLECTION_MESSAGES.codeTaken);
  }

  /** Every option field names a constant type that exists. */
  private async mustHaveConstantTypes(fields: readonly FormField[], tx?: Transaction): Promise<void> {
    const optionFields = fields.filter((f) => OPTION_COMPONENTS.includes(f.component) && f.constantTypeId);
    if (optionFields.length === 0) return;
    const existing = new Set(await this.constants.existingTypes(optionFields.map((f) => f.constantTypeId!), tx));
    const missing = optionFields.find((f) => !existing.has(f.constantTypeId!));
    if (missing) throw new AppError('VALIDATION', COLLECTION_MESSAGES.optionsMissing(missing.label));
  }
}
