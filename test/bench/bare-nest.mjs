// The floor of the throughput part (issue 17): a bare NestJS app on Express with one route answering a constant
// envelope, no session, no guards, no database — the same framework versions as the API, in a process of its own.
// Decorators are applied as plain calls, so this file runs without a build. Listens on 127.0.0.1:$PORT.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

class BareController {
  ping() {
    return { meta: { success: true, message: '' }, data: 'pong', code: 200 };
  }
}
Controller('api/bare')(BareController);
Get('ping')(BareController.prototype, 'ping', Object.getOwnPropertyDescriptor(BareController.prototype, 'ping'));

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, { logger: false });
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log(`bare NestJS listening on ${process.env.PORT}`);
