import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { CatalogService } from '../application/catalog.service.js';
import { CatalogAddDto, CatalogDeleteDto, CatalogUpdateDto, LibraryRefQuery } from './dto/catalog.dto.js';

/** The indicator catalogue of a library (001 §7 catalog; §9 level titles and category renames). */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('catalog/tree')
  @ApiOperation({ summary: 'The nested tree: each node\'s display name (人才培养→计分卡 …), storedName, level, levelTitle (一级指标 …), pointCount, children' })
  tree(@Query() q: LibraryRefQuery, @Req() req: Request) {
    return this.catalog.tree(req.session.user!.userId, q.libraryId);
  }

  @Post('catalog/add')
  @HttpCode(200)
  @ApiOperation({ summary: 'An indicator (name, parentId or none for level 1); refused deeper than the library\'s treeLevel' })
  async add(@Body() body: CatalogAddDto, @Req() req: Request) {
    return new WithMessage(await this.catalog.add(req.session.user!.userId, body), '新增成功');
  }

  @Post('catalog/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename, reorder or move an indicator within its library (no cycles; the subtree must still fit)' })
  async update(@Body() body: CatalogUpdateDto, @Req() req: Request) {
    return new WithMessage(await this.catalog.update(req.session.user!.userId, body), '修改成功');
  }

  @Post('catalog/delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an indicator; one with lower indicators or points only with cascade: true; never points with results' })
  async delete(@Body() body: CatalogDeleteDto, @Req() req: Request) {
    return new WithMessage(await this.catalog.remove(req.session.user!.userId, body.id, body.cascade ?? false), '删除成功');
  }
}
