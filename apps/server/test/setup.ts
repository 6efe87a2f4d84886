import { afterAll } from 'vitest';
import { closeOpenedInFile } from './teardown.ts';

// Runs before each test file (also with `isolate: false`), so each file's hooks have their
// apps and databases closed when the file ends.
afterAll(closeOpenedInFile);
