import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportRefSchema, ReportTemplateInputSchema, ReportTemplateSchema, type ReportTemplate } from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody } from '../../../shared/http/zod-input.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ReportTemplateService } from '../application/report-template.service.js';
import { REPORT_MENU } from './report.controller.js';

/** Report templates: anyone with the menu reads them; administrators and the year target publisher manage them. */
@ApiTags('report')
@Controller('herm-sjgl')
export class ReportTemplateController {
  constructor(private readonly templates: ReportTemplateService) {}

  @Get('reportTemplate/list')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.array(ReportTemplateSchema))
  @ApiOperation({ summary: 'Report templates, the default first' })
  list(): Promise<ReportTemplate[]> {
    return this.templates.list();
  }

  @Post('reportTemplate/add')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportTemplateSchema)
  @ApiOperation({ summary: 'A new template (the first one becomes the default): administrators and the year target publisher' })
  async add(@ZodBody(ReportTemplateInputSchema) body: z.infer<typeof ReportTemplateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportTemplate>> {
    return new WithMessage(await this.templates.add(userId, body), '新增成功');
  }

  @Post('reportTemplate/update')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportTemplateSchema)
  @ApiOperation({ summary: 'Change a template (reports built with it keep their copy)' })
  async update(@ZodBody(ReportTemplateInputSchema) body: z.infer<typeof ReportTemplateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportTemplate>> {
    return new WithMessage(await this.templates.update(userId, body), '修改成功');
  }

  @Post('reportTemplate/delete')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a template other than the default' })
  async delete(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.templates.remove(userId, body.id), '删除成功');
  }

  @Post('reportTemplate/setDefault')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Make a template the default (the old default stops being one)' })
  async setDefault(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.templates.setDefault(userId, body.id), '设置成功');
  }
}
