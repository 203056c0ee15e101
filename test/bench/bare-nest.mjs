// The floor of the throughput part (issue 17): a bare NestJS app on Express with one route answering a constant
// envelope, no session, no guards, no database — the same framework versions as the API, in a process of its own.
// With ANSWERS (a JSON file holding an array of envelopes) it also answers `/api/bare/same/<i>` with the i-th of them:
// a route's own answer, served without anything the route does to make it (the cost of the bytes alone).
// Decorators are applied as plain calls, so this file runs without a build. Listens on 127.0.0.1:$PORT.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const answers = process.env.ANSWERS ? JSON.parse(readFileSync(process.env.ANSWERS, 'utf8')) : [];

class BareController {
  ping() {
    return { meta: { success: true, message: '' }, data: 'pong', code: 200 };
  }

  same(i) {
    return answers[Number(i)];
  }
}
Controller('api/bare')(BareController);
Get('ping')(BareController.prototype, 'ping', Object.getOwnPropertyDescriptor(BareController.prototype, 'ping'));
Param('i')(BareController.prototype, 'same', 0);
Get('same/:i')(BareController.prototype, 'same', Object.getOwnPropertyDescriptor(BareController.prototype, 'same'));

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, { logger: false });
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log(`bare NestJS listening on ${process.env.PORT}`);
