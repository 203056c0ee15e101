import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CollectionRefSchema,
  FormDirectoryInputSchema,
  FormDirectoryNodeSchema,
  FormDirectoryUpdateSchema,
  type CollectionRef,
  type FormDirectoryInput,
  type FormDirectoryNode,
  type FormDirectoryUpdate,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody } from '../../../shared/http/zod-input.decorator.js';
import { FormDirectoryService } from '../application/form-directory.service.js';
import { FORM_MENU } from './design-menus.js';

/** The form directories (数据采集 › 表单管理's tree). */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class FormDirectoryController {
  constructor(private readonly directories: FormDirectoryService) {}

  @Get('formDirectorys/tree')
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDirectoryNodeSchema, { array: true })
  @ApiOperation({ summary: 'Every form directory as a tree (siblings by sort, then name); formCount counts the directory\'s own forms' })
  tree(): Promise<FormDirectoryNode[]> {
    return this.directories.tree();
  }

  @Post('formDirectorys/add')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDirectoryNodeSchema)
  @ApiOperation({ summary: 'A new directory (name, parentId: absent for a top one, sort)' })
  async add(@ZodBody(FormDirectoryInputSchema) input: FormDirectoryInput, @CurrentUser('userId') userId: string): Promise<WithMessage<FormDirectoryNode>> {
    return new WithMessage(await this.directories.add(userId, { name: input.name, parentId: input.parentId ?? null, sort: input.sort }), '新增成功');
  }

  @Post('formDirectorys/update')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(FormDirectoryNodeSchema)
  @ApiOperation({ summary: 'Rename a directory or change its sort (it stays where it is)' })
  async update(@ZodBody(FormDirectoryUpdateSchema) input: FormDirectoryUpdate, @CurrentUser('userId') userId: string): Promise<WithMessage<FormDirectoryNode>> {
    return new WithMessage(await this.directories.update(userId, input), '修改成功');
  }

  @Post('formDirectorys/delete')
  @HttpCode(200)
  @RequireMenu(FORM_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete an empty directory; one with forms or subdirectories is refused (409 该目录下有表单或子目录，不能删除)' })
  async delete(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    await this.directories.remove(userId, body.id);
    return new WithMessage(true, '删除成功');
  }
}
