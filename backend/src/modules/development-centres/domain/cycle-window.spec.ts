import { previousCycle } from './cycle-window.js';

describe('previousCycle', () => {
  const cycles = ['2025-2026-2', '2025-2026-1', '2024-2025-2'];

  it('is the next older cycle of the level', () => {
    expect(previousCycle(cycles, '2025-2026-2')).toBe('2025-2026-1');
    expect(previousCycle(cycles, '2025-2026-1')).toBe('2024-2025-2');
  });

  it('is none for the oldest, and the newest older one for a cycle the level has no task in', () => {
    expect(previousCycle(cycles, '2024-2025-2')).toBeNull();
    expect(previousCycle(cycles, '2025-2026-3')).toBe('2025-2026-2');
    expect(previousCycle([], '2026')).toBeNull();
  });
});
