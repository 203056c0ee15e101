import { Module } from '@nestjs/common';
import { WorkbenchService } from './application/workbench.service.js';
import { WorkbenchController } from './http/workbench.controller.js';

@Module({ controllers: [WorkbenchController], providers: [WorkbenchService] })
export class WorkbenchModule {}
