import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CENTRES, CentreCyclesQuerySchema, CentreCyclesSchema, CentreHomeSchema, CentreOverviewQuerySchema, CentreOverviewSchema, CentrePortraitQuerySchema,
  CentrePortraitSchema, type CentreCycles, type CentreHome, type CentreOverview, type CentrePortrait,
} from '@zhengai/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { RequireMenu, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { DevelopmentCentresService, type OverviewInput } from '../application/development-centres.service.js';

type In<S extends z.ZodType> = z.infer<S>;
/** The guard lets in whoever holds some centre's menu; the service then asks for the level's own (the level is input). */
const CENTRE_MENUS = Object.values(CENTRES).map((c) => c.menuKey);

const overviewInput = (q: In<typeof CentreOverviewQuerySchema>): OverviewInput => ({
  level: q.level,
  cycle: q.cycle ?? null,
  departmentId: q.departmentId ?? null,
  majorId: q.majorId ?? null,
  keyword: q.keyword ?? null,
  sort: q.sort,
  order: q.order,
});

/**
 * 发展中心 (issue 33) under the 诊断 base: a level's cycles, its overview and export, an object's portrait, and where a
 * teacher or student lands. Who reads which object: the module's domain (centre-access.ts).
 */
@ApiTags('development-centres')
@Controller('herm-znfx/centre')
export class DevelopmentCentresController {
  constructor(private readonly service: DevelopmentCentresService) {}

  @Get('cycles')
  @RequireMenu(...CENTRE_MENUS)
  @ApiOperation({ summary: "A level's cycles with tasks, newest first, and the current one (the newest)" })
  @ApiEnvelope(CentreCyclesSchema)
  cycles(@CurrentUser() user: SessionUser, @ZodQuery(CentreCyclesQuerySchema) q: In<typeof CentreCyclesQuerySchema>): Promise<CentreCycles> {
    return this.service.cycles(user, q.level);
  }

  @Get('overview')
  @RequireMenu(...CENTRE_MENUS)
  @ApiOperation({ summary: "The level's objects the person reads in a cycle (filters, sort, paging) with the whole level's figures and the previous cycle's" })
  @ApiEnvelope(CentreOverviewSchema)
  overview(@CurrentUser() user: SessionUser, @ZodQuery(CentreOverviewQuerySchema) q: In<typeof CentreOverviewQuerySchema>): Promise<CentreOverview> {
    return this.service.overview(user, overviewInput(q), { pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('export')
  @RequireMenu(...CENTRE_MENUS)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: "The overview's rows (same filters and order, every page) as .xlsx with Chinese headers" })
  async export(@CurrentUser() user: SessionUser, @ZodQuery(CentreOverviewQuerySchema) q: In<typeof CentreOverviewQuerySchema>, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.service.export(user, overviewInput(q)));
  }

  @Get('portrait')
  @RequireMenu(...CENTRE_MENUS)
  @ApiOperation({ summary: "An object's portrait: cycles, points across cycles, lower objects, warnings, reports, measures with 改进成效; unreadable answers as not found" })
  @ApiEnvelope(CentrePortraitSchema)
  portrait(@CurrentUser() user: SessionUser, @ZodQuery(CentrePortraitQuerySchema) q: In<typeof CentrePortraitQuerySchema>): Promise<CentrePortrait> {
    return this.service.portrait(user, q.objectId);
  }

  @Get('home')
  @SignedIn()
  @ApiOperation({ summary: "Where a person lands: a teacher's or student's own object (level and id), else nulls" })
  @ApiEnvelope(CentreHomeSchema)
  home(@CurrentUser('userId') userId: string): Promise<CentreHome> {
    return this.service.home(userId);
  }
}

