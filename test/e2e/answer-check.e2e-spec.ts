import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { Public } from '../../backend/src/shared/http/access.decorators.js';
import { ApiEnvelope } from '../../backend/src/shared/http/api-envelope.decorator.js';
import { answerViolations } from './support/answers.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

const Row = z.object({ id: z.string(), count: z.number().int() });

/** Routes that answer their contract, or lie about it in each way a row cast can. */
@Public()
@Controller('e2e-answers')
class AnswersProbeController {
  @Get('right')
  @ApiEnvelope(Row, { page: true })
  right() {
    return { records: [{ id: 'a', count: 1 }], total: 1, current: 1, pages: 1 };
  }

  @Get('extra')
  @ApiEnvelope(Row)
  extra() {
    return { id: 'a', count: 1, password: 'x' };
  }

  @Get('mistyped')
  @ApiEnvelope(Row, { array: true })
  mistyped() {
    return [{ id: 'a', count: '1' }];
  }

  @Get('missing')
  @ApiEnvelope(Row)
  missing() {
    return { id: 'a' };
  }
}

// Issue 30: every e2e answer is parsed with its route's contract (support/answers.ts); this suite checks the check.
describe('answers checked against their route contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ controllers: [AnswersProbeController] });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const violationsOf = async (path: string) => {
    answerViolations.splice(0);
    expect((await t.http.get(withCsrf(`/api/e2e-answers/${path}`, t.config.csrfSecret))).status).toBe(200);
    return answerViolations.splice(0);
  };

  it('records nothing for an answer that matches, and each lie otherwise', async () => {
    expect(await violationsOf('right')).toEqual([]);
    expect(await violationsOf('extra')).toEqual(['GET /api/e2e-answers/extra: data.password: not in the contract']);
    expect(await violationsOf('mistyped')).toEqual([expect.stringMatching(/^GET \/api\/e2e-answers\/mistyped: data\.0\.count: /)]);
    expect(await violationsOf('missing')).toEqual([expect.stringMatching(/^GET \/api\/e2e-answers\/missing: data\.count: /)]);
  });
});
