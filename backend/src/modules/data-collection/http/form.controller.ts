import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  COLLECTION_MESSAGES,
  CollectionRefSchema,
  DataSourceSqlQuerySchema,
  DataSourceSqlSchema,
  FormCreateInputSchema,
  FormDesignInputSchema,
  FormDetailSchema,
  FormQuerySchema,
  FormSummarySchema,
  FormVersionQuerySchema,
  FormVersionSchema,
  type CollectionRef,
  type DataSourceSql,
  type DataSourceSqlQuery,
  type FormCreateInput,
  type FormDesignInput,
  type FormDetail,
  type FormQuery,
  type FormSummary,
  type FormVersion,
  type Page,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { FormService } from '../application/form.service.js';
import { FORM_MENU, TASK_MENU } from './design-menus.js';

/** Forms: the design, its versions, publishing and "create a data source". */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class FormController {
  constructor(private readonly forms: FormService) {}

  @Get('forms/list')
  // 采集任务 too: the task pages pick forms and show the version a task pinned.
  @RequireMenu(FORM_MENU, TASK_MENU)
  @ApiEnvelope(FormSummarySchema, { page: true })
  @ApiOperation({ summary: 'Forms, paged, newest change first; filters directoryId (its subdirectories included), name (contains), publishState' })
  list(@ZodQuery(FormQuerySchema) q: FormQuery): Promise<Page<FormSummary>> {
    return this.forms.list(q);
  }

  @Get('forms/detail')
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDetailSchema)
  @ApiOperation({ summary: 'A form: the design being edited (fields, fixedRows) and the versions published, newest first' })
  detail(@ZodQuery(CollectionRefSchema) q: CollectionRef): Promise<FormDetail> {
    return this.forms.detail(q.id);
  }

  @Get('forms/version')
  @RequireMenu(FORM_MENU, TASK_MENU)
  @ApiEnvelope(FormVersionSchema)
  @ApiOperation({ summary: 'A published version of a form (id, version), as a collection task pinned it' })
  version(@ZodQuery(FormVersionQuerySchema) q: z.infer<typeof FormVersionQuerySchema>): Promise<FormVersion> {
    return this.forms.version(q.id, q.version);
  }

  @Get('forms/dataSourceSql')
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(DataSourceSqlSchema)
  @ApiOperation({ summary: '"Create a data source": the SQL a quality point\'s sql collection reads a column of the form\'s sjzx table by (sum, avg, max, min of a numeric column; count of any), optionally only the sampled cycle (:zq) and object (:dxmc)' })
  dataSourceSql(@ZodQuery(DataSourceSqlQuerySchema) q: DataSourceSqlQuery): Promise<DataSourceSql> {
    return this.forms.dataSourceSql(q);
  }

  @Post('forms/add')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDetailSchema)
  @ApiOperation({ summary: 'A new form without fields (directoryId, name, code, formType, description); the code must be free among forms and the data centre\'s tables' })
  async add(@ZodBody(FormCreateInputSchema) input: FormCreateInput, @CurrentUser('userId') userId: string): Promise<WithMessage<FormDetail>> {
    return new WithMessage(await this.forms.add(userId, input), '新增成功');
  }

  @Post('forms/update')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDetailSchema)
  @ApiOperation({ summary: 'Save the whole design (may be unfinished, never broken: keys are checked); code and formType only before the first publish' })
  async update(@ZodBody(FormDesignInputSchema) input: FormDesignInput, @CurrentUser('userId') userId: string): Promise<WithMessage<FormDetail>> {
    return new WithMessage(await this.forms.update(userId, input), COLLECTION_MESSAGES.saved);
  }

  @Post('forms/delete')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a form no collection task uses (409 otherwise); a published one\'s data-centre table goes with it' })
  async delete(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    await this.forms.remove(userId, body.id);
    return new WithMessage(true, '删除成功');
  }

  @Post('forms/publish')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDetailSchema)
  @ApiOperation({ summary: 'Publish the design as the next version and create or widen sjzx.<code> (columns of every version), in one transaction' })
  async publish(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<FormDetail>> {
    return new WithMessage(await this.forms.publish(userId, body.id), COLLECTION_MESSAGES.published);
  }
}
