import { PinoLogger } from './pino-logger.js';

/** The JSON lines a logger at this level writes. */
function linesAt(level: string, write: (logger: PinoLogger) => void): Array<{ level: number; context?: string; msg: string }> {
  const lines: string[] = [];
  write(new PinoLogger(level, { write: (line: string) => void lines.push(line) }));
  return lines.map((l) => JSON.parse(l) as { level: number; context?: string; msg: string });
}

const startUp = (logger: PinoLogger) => {
  logger.log('AppModule dependencies initialized', 'InstanceLoader');
  logger.log('HealthController {/api/health}:', 'RoutesResolver');
  logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
  logger.log('listening on http://localhost:3000', 'Main');
};

describe('PinoLogger', () => {
  it('keeps Nest\'s module and route mapping lines out of an info start', () => {
    expect(linesAt('info', startUp).map((l) => l.msg)).toEqual(['listening on http://localhost:3000']);
  });

  it('writes them at debug', () => {
    const lines = linesAt('debug', startUp);
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.context === 'RouterExplorer').map((l) => l.level)).toEqual([20]);
    expect(lines.find((l) => l.context === 'Main')?.level).toBe(30);
  });
});
