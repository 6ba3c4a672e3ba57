/** Setup file of both lanes (vitest.config.ts): removes the test file's temp folders once it has run. */
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.ts';

afterAll(() => {
  removeTempDirs();
});
