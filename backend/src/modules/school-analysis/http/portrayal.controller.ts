import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CardDataQuerySchema,
  CardDataSchema,
  DashboardInputSchema,
  DashboardSchema,
  DataScreenSchema,
  OperationMonitoringSchema,
  PortrayalInputSchema,
  PortrayalLevelQuerySchema,
  PortrayalPageSchema,
  PortrayalQuerySchema,
  PortrayalRefSchema,
  PortrayalSchema,
  PortrayalUpdateSchema,
  type CardData,
  type Dashboard,
  type DataScreen,
  type OperationMonitoring,
  type Page,
  type Portrayal,
  type PortrayalInput,
  type PortrayalQuery,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { MonitoringService } from '../application/monitoring.service.js';
import { PortrayalService } from '../application/portrayal.service.js';

export const MONITORING_MENU = 'ly_herm_intelligentAnalysis_monitoring';
export const DATA_SCREEN_MENU = 'ly_herm_dataScreen';
export const PORTRAYAL_MANAGE_MENU = 'ly_herm_intelligentAnalysis_portrayalManage';
export const HOME_MENU = 'ly_herm_homePage';
/** Who reads portraits by their grants: any analysis page, the data screens and the home page (its dashboard). */
export const PORTRAYAL_READER_MENUS = [
  'ly_herm_intelligentAnalysis_rival',
  'ly_herm_intelligentAnalysis_indicator',
  MONITORING_MENU,
  'ly_herm_intelligentAnalysis_portrayal',
  'ly_herm_intelligentAnalysis_subscription',
  'ly_herm_intelligentAnalysis_schools',
  PORTRAYAL_MANAGE_MENU,
  DATA_SCREEN_MENU,
  'ly_herm_dataScreen_dynamicScreen',
  HOME_MENU,
];

/** Operation monitoring, the data screen, portraits (manage and by grant), card figures and the personal dashboard. */
@ApiTags('school-analysis')
@Controller('herm-znfx')
export class PortrayalController {
  constructor(
    private readonly monitoring: MonitoringService,
    private readonly portrayals: PortrayalService,
  ) {}

  @Get('queryOperationMonitoring')
  @RequireMenu(MONITORING_MENU, DATA_SCREEN_MENU)
  @ApiEnvelope(OperationMonitoringSchema)
  @ApiOperation({ summary: 'The platform’s live figures: automatic collection, fill, task, warning handling and point attainment rates with their counts' })
  operationMonitoring(): Promise<OperationMonitoring> {
    return this.monitoring.monitoring();
  }

  @Get('dataScreen/overview')
  @RequireMenu(DATA_SCREEN_MENU)
  @ApiEnvelope(DataScreenSchema)
  @ApiOperation({ summary: 'The data screen’s one call: system name, monitoring, the own school’s ranks among the selection and its trend against their mean' })
  dataScreen(@CurrentUser('userId') userId: string): Promise<DataScreen> {
    return this.monitoring.dataScreen(userId);
  }

  @Get('portrayal/queryCard')
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(PortrayalPageSchema)
  @ApiOperation({ summary: 'Every card, paged (name contains, level)' })
  queryCard(@ZodQuery(PortrayalQuerySchema) q: PortrayalQuery): Promise<Page<Portrayal>> {
    return this.portrayals.cards(q);
  }

  @Get('portrayal/queryMenu')
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(PortrayalSchema, { array: true })
  @ApiOperation({ summary: 'Every menu as a tree, each with its sub-menus and then its cards as children' })
  queryMenu(): Promise<Portrayal[]> {
    return this.portrayals.menus();
  }

  @Get('portrayal/queryScreen')
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(PortrayalSchema, { array: true })
  @ApiOperation({ summary: 'Every screen with its cards as children' })
  queryScreen(): Promise<Portrayal[]> {
    return this.portrayals.screens();
  }

  @Get('portrayal/queryPortrayalByAuth')
  @RequireMenu(...PORTRAYAL_READER_MENUS)
  @ApiEnvelope(PortrayalSchema, { array: true })
  @ApiOperation({ summary: 'The menus granted to one of the person’s roles, as a tree with their granted cards (the administrator: all)' })
  portrayalByAuth(@ZodQuery(PortrayalLevelQuerySchema) q: z.infer<typeof PortrayalLevelQuerySchema>, @CurrentUser('userId') userId: string): Promise<Portrayal[]> {
    return this.portrayals.menusByAuth(userId, q.level);
  }

  @Get('portrayal/queryCardByAuth')
  @RequireMenu(...PORTRAYAL_READER_MENUS)
  @ApiEnvelope(PortrayalPageSchema)
  @ApiOperation({ summary: 'The cards granted to one of the person’s roles, paged' })
  cardByAuth(@ZodQuery(PortrayalQuerySchema) q: PortrayalQuery, @CurrentUser('userId') userId: string): Promise<Page<Portrayal>> {
    return this.portrayals.cardsByAuth(userId, q);
  }

  @Get('portrayal/queryScreenByAuth')
  @RequireMenu(...PORTRAYAL_READER_MENUS)
  @ApiEnvelope(PortrayalSchema, { array: true })
  @ApiOperation({ summary: 'The screens granted to one of the person’s roles, with their granted cards' })
  screenByAuth(@CurrentUser('userId') userId: string): Promise<Portrayal[]> {
    return this.portrayals.screensByAuth(userId);
  }

  @Post('portrayal/add')
  @HttpCode(200)
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(PortrayalSchema)
  @ApiOperation({ summary: 'A new card, menu or screen with its grants (and a holder’s cards), cm unique' })
  async add(@ZodBody(PortrayalInputSchema) body: PortrayalInput): Promise<WithMessage<Portrayal>> {
    const { id: _ignored, ...input } = body;
    return new WithMessage(await this.portrayals.save(input), '新增成功');
  }

  @Post('portrayal/update')
  @HttpCode(200)
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(PortrayalSchema)
  @ApiOperation({ summary: 'Change a record (id); roleIds and cardIds replace the grants and card list when given' })
  async update(@ZodBody(PortrayalUpdateSchema) input: z.infer<typeof PortrayalUpdateSchema>): Promise<WithMessage<Portrayal>> {
    return new WithMessage(await this.portrayals.save(input), '修改成功');
  }

  @Post('portrayal/delete')
  @HttpCode(200)
  @RequireMenu(PORTRAYAL_MANAGE_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a record with its grants; a card leaves every menu and screen; refused (409) while menus sit under it' })
  async remove(@ZodBody(PortrayalRefSchema) body: z.infer<typeof PortrayalRefSchema>): Promise<WithMessage<boolean>> {
    await this.portrayals.remove(body.id);
    return new WithMessage(true, '删除成功');
  }

  @Get('portrayal/cardData')
  @RequireMenu(...PORTRAYAL_READER_MENUS)
  @ApiEnvelope(CardDataSchema)
  @ApiOperation({ summary: 'A card’s figures (categories, at most five series), only for a card granted to one of the person’s roles' })
  cardData(@ZodQuery(CardDataQuerySchema) q: z.infer<typeof CardDataQuerySchema>, @CurrentUser('userId') userId: string): Promise<CardData> {
    return this.portrayals.cardData(userId, q.id, q.chart);
  }

  @Get('dashboard/query')
  @RequireMenu(HOME_MENU)
  @ApiEnvelope(DashboardSchema)
  @ApiOperation({ summary: 'The person’s own dashboard tiles (cards no longer readable left out)' })
  dashboard(@CurrentUser('userId') userId: string): Promise<Dashboard> {
    return this.portrayals.dashboard(userId);
  }

  @Post('dashboard/save')
  @HttpCode(200)
  @RequireMenu(HOME_MENU)
  @ApiEnvelope(DashboardSchema)
  @ApiOperation({ summary: 'Save the person’s dashboard: at most 12 tiles, each a card the person may read' })
  async saveDashboard(@ZodBody(DashboardInputSchema) body: z.infer<typeof DashboardInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<Dashboard>> {
    return new WithMessage(await this.portrayals.saveDashboard(userId, body.tiles), '保存成功');
  }
}
