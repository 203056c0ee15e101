import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AnalysisQuerySchema,
  AvgAnalysisSchema,
  DoubleSchoolQuerySchema,
  DoubleSchoolSchema,
  RankAnalysisSchema,
  RivalQuerySchema,
  RivalTableSchema,
  TrendAnalysisSchema,
  type AnalysisQuery,
  type AvgAnalysis,
  type DoubleSchool,
  type DoubleSchoolQuery,
  type RankAnalysis,
  type RivalQuery,
  type RivalTable,
  type TrendAnalysis,
} from '@zhengai/contracts';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { RivalAnalysisService } from '../application/rival-analysis.service.js';
import { SCHOOL_READER_MENUS } from './school-menus.js';

const YEARS = 'years startYear–endYear (a start alone: that year; none: the newest five present)';

/** Rival analysis: the overview table, trend, rank, average and two schools (000 §2, §7). */
@ApiTags('school-analysis')
@Controller('herm-znfx')
export class RivalAnalysisController {
  constructor(private readonly analyses: RivalAnalysisService) {}

  @Post('rivalAnalysis/querySchoolRival')
  @HttpCode(200)
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(RivalTableSchema)
  @ApiOperation({ summary: 'The schools\' (2–10) values of the indicators (all when absent) in a year (the newest when absent), with their places among them' })
  table(@ZodBody(RivalQuerySchema) body: RivalQuery): Promise<RivalTable> {
    return this.analyses.table(body);
  }

  @Get('rivalAnalysis/queryTrendAnalysis')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(TrendAnalysisSchema)
  @ApiOperation({ summary: `One indicator's values for 2–10 schools over the ${YEARS}; with rankStart/rankEnd only the schools placed within in the last year` })
  trend(@ZodQuery(AnalysisQuerySchema) q: AnalysisQuery): Promise<TrendAnalysis> {
    return this.analyses.trend(q);
  }

  @Get('rivalAnalysis/queryRankAnalysis')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(RankAnalysisSchema)
  @ApiOperation({ summary: `The places (competition ranking by the indicator's direction) of 2–10 schools among them over the ${YEARS}; rankStart/rankEnd keep the schools placed within in the last year` })
  rank(@ZodQuery(AnalysisQuerySchema) q: AnalysisQuery): Promise<RankAnalysis> {
    return this.analyses.rank(q);
  }

  @Get('rivalAnalysis/queryAVGAnalysis')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(AvgAnalysisSchema)
  @ApiOperation({ summary: `The 2–10 schools' mean (2 decimals) over the ${YEARS} against the own school's value (the first school's when the own school is not among them)` })
  average(@ZodQuery(AnalysisQuerySchema) q: AnalysisQuery): Promise<AvgAnalysis> {
    return this.analyses.average(q);
  }

  @Get('rivalAnalysis/queryDoubleSchool')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(DoubleSchoolSchema)
  @ApiOperation({ summary: 'Exactly two schools side by side on every indicator in a year (the newest when absent), with the better one' })
  double(@ZodQuery(DoubleSchoolQuerySchema) q: DoubleSchoolQuery): Promise<DoubleSchool> {
    return this.analyses.double(q);
  }
}
