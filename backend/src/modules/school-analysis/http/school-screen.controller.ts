import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  SchoolHistoryInputSchema,
  SchoolHistorySchema,
  SchoolListQuerySchema,
  SchoolOptionsSchema,
  SchoolSchema,
  SchoolScreenSchema,
  SchoolScreenUpdateSchema,
  type School,
  type SchoolHistory,
  type SchoolHistoryInput,
  type SchoolListQuery,
  type SchoolOptions,
  type SchoolScreen,
  type SchoolScreenUpdate,
} from '@zhengai/contracts';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { SchoolScreenService } from '../application/school-screen.service.js';
import { SCHOOL_READER_MENUS } from './school-menus.js';

/** Schools and the person's screening: option lists, the school list, settings and selection, history (000 §2). */
@ApiTags('school-analysis')
@Controller('herm-znfx')
export class SchoolScreenController {
  constructor(private readonly screens: SchoolScreenService) {}

  @Get('schoolScreen/queryAllList')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolOptionsSchema)
  @ApiOperation({ summary: 'Option lists (levels, natures, provinces), indicators with their display categories, years with values, the selection bounds, the own school, whether the set is generated' })
  options(): Promise<SchoolOptions> {
    return this.screens.options();
  }

  @Get('schoolScreen/querySchoolList')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolSchema, { array: true })
  @ApiOperation({ summary: 'Every school matching keyword (name or code), province, levels, natures (comma lists), 双高; the saved settings apply unless useSettings=false; selected marks the person\'s selection' })
  list(@ZodQuery(SchoolListQuerySchema) q: SchoolListQuery, @CurrentUser('userId') userId: string): Promise<School[]> {
    return this.screens.list(userId, q);
  }

  @Get('schoolScreen/querySchoolScreen')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolScreenSchema)
  @ApiOperation({ summary: 'The person\'s settings and selection; never chosen: the own school and four rivals (same province and level first)' })
  screen(@CurrentUser('userId') userId: string): Promise<SchoolScreen> {
    return this.screens.screen(userId);
  }

  @Post('schoolScreen/updateSchoolScreen')
  @HttpCode(200)
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolScreenSchema)
  @ApiOperation({ summary: 'Save the settings (values from the catalogues) and, with schoolCodes, the selection (2–10 known schools, repeats removed)' })
  async update(@ZodBody(SchoolScreenUpdateSchema) body: SchoolScreenUpdate, @CurrentUser('userId') userId: string): Promise<WithMessage<SchoolScreen>> {
    return new WithMessage(await this.screens.update(userId, body), '保存成功');
  }

  @Post('schoolScreen/saveSchoolHistory')
  @HttpCode(200)
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolHistorySchema)
  @ApiOperation({ summary: 'Remember a selection (2–10 known schools); the person keeps the newest 10' })
  async saveHistory(@ZodBody(SchoolHistoryInputSchema) body: SchoolHistoryInput, @CurrentUser('userId') userId: string): Promise<WithMessage<SchoolHistory>> {
    return new WithMessage(await this.screens.saveHistory(userId, body.schoolCodes), '保存成功');
  }

  @Get('schoolScreen/querySchoolHistory')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolHistorySchema, { array: true })
  @ApiOperation({ summary: 'The person\'s remembered selections, newest first' })
  history(@CurrentUser('userId') userId: string): Promise<SchoolHistory[]> {
    return this.screens.history(userId);
  }
}
