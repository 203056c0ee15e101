import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CatalogSchema,
  IndicatorDeleteSchema,
  IndicatorInputSchema,
  IndicatorSavedSchema,
  IndicatorUpdateSchema,
  LibraryRefQuerySchema,
  type Catalog,
  type IndicatorInput,
  type IndicatorSaved,
  type IndicatorUpdate,
} from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { CatalogService } from '../application/catalog.service.js';

/** The indicator catalogue of a library (001 §7 catalog; §9 level titles and category renames). */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('catalog/tree')
  @SignedIn('library', 'read')
  @ApiEnvelope(CatalogSchema)
  @ApiOperation({ summary: 'The nested tree: each node\'s display name (人才培养→计分卡 …), storedName, level, levelTitle (一级指标 …), pointCount, children' })
  tree(@ZodQuery(LibraryRefQuerySchema) q: z.infer<typeof LibraryRefQuerySchema>, @CurrentUser('userId') userId: string): Promise<Catalog> {
    return this.catalog.tree(userId, q.libraryId);
  }

  @Post('catalog/add')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(IndicatorSavedSchema)
  @ApiOperation({ summary: 'An indicator (name, parentId or none for level 1); refused deeper than the library\'s treeLevel' })
  async add(@ZodBody(IndicatorInputSchema) body: IndicatorInput, @CurrentUser('userId') userId: string): Promise<WithMessage<IndicatorSaved>> {
    return new WithMessage(await this.catalog.add(userId, body), '新增成功');
  }

  @Post('catalog/update')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(IndicatorSavedSchema)
  @ApiOperation({ summary: 'Rename, reorder or move an indicator within its library (no cycles; the subtree must still fit)' })
  async update(@ZodBody(IndicatorUpdateSchema) body: IndicatorUpdate, @CurrentUser('userId') userId: string): Promise<WithMessage<IndicatorSaved>> {
    return new WithMessage(await this.catalog.update(userId, body), '修改成功');
  }

  @Post('catalog/delete')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete an indicator; one with lower indicators or points only with cascade: true; never points with results' })
  async delete(@ZodBody(IndicatorDeleteSchema) body: z.infer<typeof IndicatorDeleteSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.catalog.remove(userId, body.id, body.cascade ?? false), '删除成功');
  }
}
