import { answerViolations } from './support/answers.js';

// After each suite: every answer its calls got matched its route's contract (support/answers.ts).
afterAll(() => {
  const found = [...new Set(answerViolations.splice(0))];
  if (found.length) throw new Error(`answers that do not match their route's contract:\n${found.slice(0, 20).join('\n')}`);
});
